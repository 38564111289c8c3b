import { shownNickname, AVATAR_MAX_BYTES, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@cab/contracts/client';
import { Avatar, Button, List, Skeleton } from 'antd-mobile';
import { confirmDialog } from '../../app/confirm.tsx';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { Sheet } from '../../app/Sheet.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { useLogout, useSetPassword, useUpdateNickname, useUploadAvatar } from '../../features/user/mutations.ts';
import { useUserInfo } from '../../features/user/queries.ts';
import { maskPhone } from '../../lib/format.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { showToast } from '../../app/toast.ts';

// The edit popup (and antd-mobile's Popup and Input with it) loads when opened.
const EditPopup = lazy(() => import('../../app/EditPopup.tsx').then((m) => ({ default: m.EditPopup })));

function PersonalInfo() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const info = useUserInfo();
  const nickname = useUpdateNickname();
  const avatar = useUploadAvatar();
  const password = useSetPassword();
  const logout = useLogout();
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<'nickname' | 'password'>();
  const [choosing, setChoosing] = useState(false);
  const user = loggedIn ? info.data : undefined;

  const onFile = async (file: File | undefined) => {
    if (!file) return showToast(t('personal.chooseFailed'));
    if (file.size > AVATAR_MAX_BYTES) return showToast(t('personal.tooLarge'));
    await avatar.mutateAsync(file).catch(() => undefined);
  };
  const onLogout = async () => {
    if (!(await confirmDialog({ content: t('personal.logoutConfirm'), confirmText: t('common.confirm') }))) return;
    await logout.mutateAsync();
    navigate('/pages/mine/index', { replace: true });
  };

  return (
    <div className="page" data-testid="page-personal-info">
      <PageBar title={t('personal.title')} />
      {info.isError && !user && <LoadFailed onRetry={info.refetch} />}
      {!user && info.isPending && (
        <div className="section padded">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      )}
      {user && (
        <>
          <div className="section">
            <List>
              <List.Item
                data-testid="personal-avatar"
                extra={<Avatar src={user.avatarUrl} style={{ '--size': '44px', '--border-radius': '22px' }} />}
                onClick={() => setChoosing(true)}
              >
                {t('personal.avatar')}
              </List.Item>
              <List.Item
                data-testid="personal-nickname"
                extra={<span data-testid="personal-nickname-value">{shownNickname(user.nickName, i18n.language)}</span>}
                onClick={() => setEditing('nickname')}
              >
                {t('personal.nickname')}
              </List.Item>
              <List.Item
                data-testid="personal-phone"
                extra={user.phone ? maskPhone(user.phone) : t('personal.bind')}
                onClick={() => navigate('/bindPhone/index')}
              >
                {t('personal.phone')}
              </List.Item>
              <List.Item
                data-testid="personal-password"
                extra={user.has_password ? t('personal.changePassword') : t('personal.setPassword')}
                onClick={() => setEditing('password')}
              >
                {t('personal.password')}
              </List.Item>
              <List.Item data-testid="personal-blocked-books" onClick={() => navigate('/personalInfo/pages/blocked-books')}>
                {t('personal.blockedBooks')}
              </List.Item>
            </List>
            {/* SPEC 5: a picture comes from the album or the camera. */}
            <input
              ref={album}
              data-testid="personal-avatar-file"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <input ref={camera} type="file" accept="image/*" capture="user" hidden onChange={(e) => void onFile(e.target.files?.[0])} />
            <Sheet
              visible={choosing}
              onClose={() => setChoosing(false)}
              label={t('personal.avatar')}
              actions={[
                {
                  key: 'camera',
                  text: <span data-testid="avatar-camera">{t('personal.camera')}</span>,
                  onClick: () => {
                    setChoosing(false);
                    camera.current?.click();
                  },
                },
                {
                  key: 'album',
                  text: <span data-testid="avatar-album">{t('personal.album')}</span>,
                  onClick: () => {
                    setChoosing(false);
                    album.current?.click();
                  },
                },
              ]}
            />
          </div>
          <div className="padded">
            <Button block color="danger" fill="outline" data-testid="logout" loading={logout.isPending} onClick={() => void onLogout()}>
              {t('personal.logout')}
            </Button>
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {editing === 'nickname' && user && (
          <EditPopup
            testId="nickname"
            title={t('personal.nickname')}
            initial={shownNickname(user.nickName, i18n.language)}
            placeholder={t('personal.nicknamePlaceholder')}
            maxLength={NICKNAME_MAX}
            text={{ kind: 'name', empty: t('personal.nicknameEmpty') }}
            onSave={(v) => nickname.mutateAsync(v.trim())}
            onClose={() => setEditing(undefined)}
          />
        )}
        {editing === 'password' && (
          <EditPopup
            testId="password"
            type="password"
            title={t('personal.setPassword')}
            initial=""
            placeholder={t('personal.newPassword')}
            maxLength={PASSWORD_MAX}
            validate={(v) => (v.length < PASSWORD_MIN ? t('personal.passwordShort', { n: PASSWORD_MIN }) : undefined)}
            onSave={async (v) => {
              await password.mutateAsync(v);
              showToast(t('common.saved'));
            }}
            onClose={() => setEditing(undefined)}
          />
        )}
      </Suspense>
    </div>
  );
}

export default function PersonalInfoPage() {
  return (
    <RequireLogin>
      <PersonalInfo />
    </RequireLogin>
  );
}
