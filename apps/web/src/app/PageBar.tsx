import type { ReactNode } from 'react';
import { useNavigate } from '../lib/hash-router.tsx';
import { useTranslation } from '../i18n/index.ts';
import { Icon } from './icons.tsx';

/** Back closes the view, or goes home when this is the only page on the stack (SPEC 2). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/pages/home/index', { replace: true });
  };
}

/**
 * A page's top bar: back (a named button; tab pages have none), the title, and an
 * optional action on the right.
 */
export function PageBar({
  title,
  right,
  back = true,
  onBack: customBack,
}: {
  title: ReactNode;
  right?: ReactNode;
  back?: boolean;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const defaultBack = useBack();
  return (
    <header className="page-bar">
      <div className="page-bar-side">
        {back && (
          <button
            type="button"
            className="page-bar-back"
            aria-label={t('common.back')}
            data-testid="page-back"
            onClick={customBack ?? defaultBack}
          >
            <Icon name="back" size={22} />
          </button>
        )}
      </div>
      <h1 className="page-bar-title">{title}</h1>
      <div className="page-bar-side right">{right}</div>
    </header>
  );
}
