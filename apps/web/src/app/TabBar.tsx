import { TabBar } from 'antd-mobile';
import { Icon } from './icons.tsx';
import { useTranslation } from '../i18n/index.ts';
import { useLocation, useNavigate } from '../lib/hash-router.tsx';
import { TAB_PATHS } from './route-table.ts';
import { badgeText, useUnreadCount } from '../features/messages/unread.ts';

const ICONS = [
  <Icon key="home" name="home" />,
  <Icon key="book" name="ledger" />,
  <Icon key="market" name="market" />,
  <Icon key="mine" name="user" />,
];
const LABELS = ['tabs.home', 'tabs.book', 'tabs.market', 'tabs.mine'] as const;

export function AppTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The unread messages show on 我的, where the message center is.
  const unread = badgeText(useUnreadCount());
  return (
    <div className="tab-bar" data-testid="tab-bar">
      <TabBar activeKey={pathname.slice(1)} onChange={(key) => navigate(`/${key}`, { replace: true })} safeArea>
        {TAB_PATHS.map((path, i) => (
          <TabBar.Item
            key={path}
            icon={ICONS[i]}
            title={t(LABELS[i]!)}
            badge={i === 3 && unread ? <span data-testid="tab-mine-badge">{unread}</span> : undefined}
            data-testid={`tab-${LABELS[i]!.split('.')[1]}`}
          />
        ))}
      </TabBar>
    </div>
  );
}
