import { shownNickname } from '@cab/contracts/client';
import { Avatar, Badge, Button, List, Skeleton } from 'antd-mobile';
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import { useUserInfo } from '../../features/user/queries.ts';
import { maskPhone } from '../../lib/format.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { LanguageItem } from './LanguageItem.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { badgeText, useUnreadCount } from '../../features/messages/unread.ts';
import { MineFigures, ObtainXbGuide, usePrefetchMineMarket } from '../../features/content/components/mine-lazy.tsx';
import { useWebviews } from '../../features/webviews/queries.ts';

/** The unread messages beside the message center's entry. */
function UnreadBadge() {
  const unread = badgeText(useUnreadCount());
  return unread ? <Badge content={unread} data-testid="mine-messages-badge" /> : null;
}

/** 联系客服 and 关注我们 (docs/host.md, "Webviews"): only the pages the operator has set. */
function WebviewItems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useWebviews();
  return (
    <>
      {data?.customer_service_url && (
        <List.Item data-testid="mine-customer-service" onClick={() => navigate('/webview/customer-service')}>
          {t('mine.customerService')}
        </List.Item>
      )}
      {data?.follow_url && (
        <List.Item data-testid="mine-follow" onClick={() => navigate('/webview/follow')}>
          {t('mine.follow')}
        </List.Item>
      )}
    </>
  );
}

const MENU = [
  { key: 'favorites', to: '/favorite/index' },
  // The banana-shell wallet (issue 27), with its trade records a tap further: a link only, its screens load with their own code.
  { key: 'wallet', to: '/bookSetting/pages/bananashell' },
  { key: 'upgrade', to: '/updateApp/index' },
  // The app itself, not a book's share; feedback is our own form (issue 24).
  { key: 'recommend', to: '/pages/mine/recommend' },
  { key: 'feedback', to: '/pages/mine/feedback' },
  { key: 'about', to: '/aboutUs/index' },
] as const;

function Header() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const stored = useUserStore((s) => s.user);
  const info = useUserInfo();
  if (!loggedIn) {
    return (
      <div className="mine-header" data-testid="mine-logged-out">
        <Avatar src="" style={{ '--size': '64px', '--border-radius': '32px' }} />
        <div style={{ flex: 1 }}>
          <div className="sub">{t('mine.loginPrompt')}</div>
          <Button
            size="small"
            color="primary"
            style={{ marginTop: 8 }}
            data-testid="mine-login"
            onClick={() => navigate('/accountLogin/index')}
          >
            {t('mine.login')}
          </Button>
        </div>
      </div>
    );
  }
  const user = info.data ?? stored;
  return (
    <div className="mine-header" data-testid="mine-logged-in" onClick={() => navigate('/personalInfo/index')}>
      <Avatar src={user?.avatarUrl ?? ''} style={{ '--size': '64px', '--border-radius': '32px' }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        {user ? (
          <>
            <div className="name" data-testid="mine-nickname">
              {shownNickname(user.nickName, i18n.language)}
            </div>
            <div className="sub">{user.phone ? maskPhone(user.phone) : t('mine.noPhone')}</div>
          </>
        ) : (
          <Skeleton.Paragraph lineCount={2} animated />
        )}
      </div>
    </div>
  );
}

export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const info = useUserInfo();
  usePrefetchMineMarket(loggedIn);
  return (
    <div className="page" data-testid="page-mine">
      <Header />
      {loggedIn && info.isError && !info.data && <LoadFailed onRetry={info.refetch} />}
      <div className="section">
        <List>
          {loggedIn && (
            <List.Item data-testid="mine-personal-info" onClick={() => navigate('/personalInfo/index')}>
              {t('mine.personalInfo')}
            </List.Item>
          )}
          {loggedIn && (
            <List.Item data-testid="mine-messages" extra={<UnreadBadge />} onClick={() => navigate('/messageCenter/list')}>
              {t('areas.messages')}
            </List.Item>
          )}
          {MENU.map((m) => (
            <Fragment key={m.key}>
              <List.Item
                data-testid={`mine-${m.key}`}
                // The favourites entry carries the market figures (templates, contents, reviews) when logged in.
                description={loggedIn && m.key === 'favorites' ? <MineFigures /> : undefined}
                onClick={() => navigate(m.to)}
              >
                {t(`mine.${m.key}`)}
              </List.Item>
              {m.key === 'feedback' && <WebviewItems />}
            </Fragment>
          ))}
          <LanguageItem />
        </List>
      </div>
      {/* How to get banana shells, once per user (its own chunk). Under the menu: a card that
          arrives with its answer moves nothing already on the screen (docs/performance.md). */}
      {loggedIn && <ObtainXbGuide />}
    </div>
  );
}
