import type { TemplateDetail } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { AccountIcon, CategoryIcon } from '../../accounting/icons/icons.tsx';
import '../../../i18n/market.ts';
import '../template.css';

type Node = TemplateDetail['expense_categories'][number];

/** A category tree as a summary: each first-level category with its icon and how many it holds. */
export function CategorySummary({ title, nodes, testId }: { title: string; nodes: Node[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="market-section" data-testid={testId}>
      <h2 className="market-section-title">{title}</h2>
      <div className="market-chip-grid">
        {nodes.map((n) => (
          <span key={n.name} className="market-cat-chip">
            <CategoryIcon name={n.icon} size={18} />
            <span className="market-cat-name">{n.name}</span>
            {n.sub_categories.length > 0 && (
              <span className="market-cat-count">{t('market.detail.subCount', { count: n.sub_categories.length })}</span>
            )}
          </span>
        ))}
      </div>
    </section>
  );
}

/** A category tree in full: every first-level category and, under it, its sub categories with their icons. */
export function CategoryTree({ title, nodes, testId }: { title: string; nodes: Node[]; testId: string }) {
  return (
    <section className="market-section" data-testid={testId}>
      <h2 className="market-section-title">{title}</h2>
      {nodes.map((n) => (
        <div key={n.name} className="market-tree-group">
          <div className="market-tree-parent">
            <span className="market-tree-icon">
              <CategoryIcon name={n.icon} size={20} />
            </span>
            {n.name}
          </div>
          {n.sub_categories.length > 0 && (
            <ul className="market-tree-subs">
              {n.sub_categories.map((s) => (
                <li key={s.name}>
                  <CategoryIcon name={s.icon} size={16} />
                  <span>{s.name}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

/** The accounts a book starts with, under their groups (cash, online payment, cards...). */
export function AccountGroups({ accounts }: { accounts: TemplateDetail['accounts'] }) {
  const { t } = useTranslation();
  const groups = new Map<string, TemplateDetail['accounts']>();
  for (const a of accounts) groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  return (
    <section className="market-section" data-testid="template-accounts">
      <h2 className="market-section-title">{t('market.detail.accounts')}</h2>
      {accounts.length === 0 && <div className="market-none">{t('market.detail.none')}</div>}
      {[...groups].map(([group, list]) => (
        <div key={group} className="market-account-group">
          <div className="market-account-group-name">{group}</div>
          <div className="market-chip-grid">
            {list.map((a) => (
              <span key={a.name} className="market-cat-chip">
                <AccountIcon type={a.type} size={18} />
                <span className="market-cat-name">{a.name}</span>
              </span>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

/** Names a book starts with (members, merchants, projects), or the list's "none" (SPEC 5: 无成员, 无商家, 无项目). */
export function NameList({ title, names, none, testId }: { title: string; names: string[]; none: string; testId: string }) {
  return (
    <section className="market-section" data-testid={testId}>
      <h2 className="market-section-title">{title}</h2>
      <div className="market-chip-grid">
        {names.length === 0 ? (
          <span className="market-none">{none}</span>
        ) : (
          names.map((n) => (
            <span key={n} className="market-cat-chip">
              <span className="market-cat-name">{n}</span>
            </span>
          ))
        )}
      </div>
    </section>
  );
}
