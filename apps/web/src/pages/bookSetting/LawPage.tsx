import { useTranslation } from '../../i18n/index.ts';
import { PageBar } from '../../app/PageBar.tsx';

const TERMS_ZH = [
  ['一、服务内容', '共享云账本为个人、家庭、朋友及小商户提供云端记账、多人共享账本、预算与统计等服务。'],
  ['二、账号与安全', '你应妥善保管账号、验证码与密码。因你保管不善造成的损失由你自行承担；发现异常请立即修改密码或退出登录。'],
  ['三、数据归属', '你在账本中记录的数据归你及账本成员所有。我们仅为提供服务而存储和处理这些数据，不会出售你的数据。'],
  [
    '四、共享账本',
    '账本创建者可以邀请成员并分配角色，成员的权限由其角色决定。创建者删除账本后，所有成员将无法访问；删除后 30 天内创建者可以恢复，之后数据将被彻底清除。',
  ],
  ['五、付费服务', '云空间、角色服务与高级功能以香蕉贝结算，价格以购买页面展示为准。'],
  ['六、协议变更', '协议如有变更，我们会在应用内提示。继续使用即表示你接受变更后的协议。'],
];
const TERMS_EN = [
  [
    '1. The service',
    'Cloud Account Book offers cloud bookkeeping, shared books, budgets and statistics for individuals, families, friends and small businesses.',
  ],
  [
    '2. Account and security',
    'Keep your account, codes and password safe. If something looks wrong, change your password or log out at once.',
  ],
  [
    '3. Your data',
    'What you record belongs to you and the members of the book. We store and process it only to provide the service and never sell it.',
  ],
  [
    '4. Shared books',
    'The owner invites members and gives them roles; a role decides what a member may do. A deleted book can be restored by its owner for 30 days, then it is erased.',
  ],
  ['5. Paid services', 'Cloud space, role services and premium features are paid in banana shells, at the prices shown when buying.'],
  ['6. Changes', 'We announce changes to these terms in the app. Using the app afterwards means you accept them.'],
];

export default function LawPage() {
  const { t, i18n } = useTranslation();
  const terms = i18n.language === 'en' ? TERMS_EN : TERMS_ZH;
  return (
    <div className="page" data-testid="page-law">
      <PageBar title={t('law.title')} />
      <div className="section padded" style={{ lineHeight: 1.7 }}>
        {terms.map(([h, p]) => (
          <div key={h}>
            <h4 style={{ margin: '12px 0 4px' }}>{h}</h4>
            <p style={{ margin: 0, color: '#555' }}>{p}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
