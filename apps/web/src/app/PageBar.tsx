import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Back closes the view, or goes home when this is the only page on the stack (SPEC 2). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/pages/home/index', { replace: true });
  };
}

export function PageBar({ title, right, back = true, onBack: customBack }: { title: ReactNode; right?: ReactNode; back?: boolean; onBack?: () => void }) {
  const defaultBack = useBack();
  const onBack = customBack ?? defaultBack;
  return (
    <NavBar className="page-bar" back={back ? '' : null} onBack={onBack} right={right}>
      {title}
    </NavBar>
  );
}
