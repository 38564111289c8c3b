export const zhCN = {
  common: {
    loading: '加载中', noNetwork: '网络连接失败，请检查网络设置', sessionAbnormal: '用户信息异常，请重新登录',
    serverHiccup: '服务器开小差了，请稍后重试。', save: '保存', cancel: '取消', confirm: '确定', back: '返回',
    retry: '重试', loadFailed: '加载失败', loadFailedHint: '请检查网络后重试', saved: '已保存', appName: '共享云账本',
  },
  tabs: { home: '首页', book: '账本', market: '市场', mine: '我的' },
  areas: {
    core: '共享云账本', books: '账本', market: '模板市场', accounting: '记账', flows: '流水', budgets: '预算', commerce: '订单与充值',
    members: '成员与角色', cloud: '云空间', migration: '私有部署', community: '社区', messages: '消息中心', host: '宿主应用',
  },
  notOpen: { title: '即将开放', body: '「{{name}}」正在建设中，敬请期待。', home: '回到首页' },
  notFound: { title: '页面不存在', body: '这个链接打不开，可能已经失效。' },
  mine: {
    loginPrompt: '登录后同步你的账本', login: '登录 / 注册', favorites: '我的收藏', upgrade: '升级到 App', recommend: '推荐给好友',
    feedback: '意见反馈', about: '关于我们', personalInfo: '个人信息', language: '语言', noPhone: '未绑定手机',
  },
  login: {
    title: '登录', codeTab: '验证码登录', passwordTab: '密码登录', phone: '手机号', phonePlaceholder: '请输入手机号',
    code: '验证码', codePlaceholder: '请输入验证码', sendCode: '获取验证码', resend: '{{s}} 秒后重发', submit: '登录',
    account: '账号', accountPlaceholder: '手机号或邮箱', password: '密码', passwordPlaceholder: '请输入密码',
    noPhone: '请输入手机号', badPhone: '请输入 11 位手机号', badCode: '请输入 {{n}} 位验证码', noAccount: '请输入账号', noPassword: '请输入密码',
    codeSent: '验证码已发送', hint: '未注册的手机号验证后将自动创建账号',
  },
  personal: {
    title: '个人信息', avatar: '头像', nickname: '昵称', phone: '手机号', bind: '去绑定', change: '更换', password: '登录密码',
    setPassword: '设置密码', changePassword: '修改密码', newPassword: '新密码（6-64 位）', logout: '退出登录',
    logoutConfirm: '确定退出登录吗？', nicknameEmpty: '昵称不能为空', passwordShort: '密码至少 {{n}} 位',
    uploading: '上传中', uploadFailed: '上传失败，请重试', chooseFailed: '选择图片失败', tooLarge: '图片不能超过 5MB',
    nicknamePlaceholder: '请输入昵称', camera: '拍照', album: '从相册选择',
  },
  books: {
    search: '搜索账本', recent: '最近使用', all: '全部', owned: '我创建的', joined: '我加入的', filter: '筛选账本', more: '更多操作',
    add: '添加账本', addFromTemplate: '从模板添加账本',
    members: '{{count}} 位成员', owner: '创建者', empty: '还没有账本', emptyHint: '从模板创建你的第一个账本吧',
    noMatch: '没有找到与“{{keyword}}”相关的账本', noOwned: '你还没有创建账本', noJoined: '你还没有加入别人的账本', noJoinedHint: '收到邀请并加入后，账本会出现在这里',
    loginPrompt: '登录后查看和管理你的账本', loginHint: '账本保存在云端，换手机也不会丢失',
    settings: '账本设置', delete: '删除账本', quit: '退出账本', invite: '邀请成员', inviteSoon: '成员与邀请即将开放',
    deleteConfirm: '删除后所有成员都将看不到这个账本，{{days}} 天内可以恢复。确定删除“{{name}}”吗？', quitConfirm: '确定退出“{{name}}”吗？退出后将看不到这个账本。',
    deleted: '账本已删除', quitDone: '已退出账本', created: '账本已创建', goAccounting: '去记账', setDefault: '设为默认账本', defaultSet: '已设为默认账本',
    templates: '选择模板', templateUse: '使用此模板', nameTitle: '给账本起个名字', nameIt: '账本名称', otherTemplate: '换个模板', create: '创建账本',
    infoFlow: '精选内容', infoFlowSoon: '模板市场与资讯即将开放', current: '当前',
    gone: '账本不存在', goneHint: '这个账本可能已被删除，或你已不在这个账本中。', toMyBooks: '查看我的账本',
  },
  bookIcons: { book: '账本', home: '住处', family: '家庭', shop: '店铺', travel: '旅行', renovation: '装修', baby: '宝宝', wedding: '婚礼', car: '汽车', money: '理财', study: '学习', pet: '宠物' },
  dashboard: {
    title: '账本首页', monthNumber: '{{m}} 月', income: '收入', expense: '支出', balance: '结余', noRecords: '本月还没有记账', noRecordsHint: '点击“记一笔”开始记录', record: '记一笔',
    flows: '流水', budget: '预算', members: '成员', settings: '设置', share: '分享账本', shareTitle: '分享', shareHint: '把这个账本分享给家人朋友',
    shareText: '邀请你查看账本“{{name}}”', shared: '已分享', linkCopied: '链接已复制，发给家人朋友即可打开', copyByHand: '无法自动复制，请长按复制链接：',
    noBook: '还没有打开账本', pick: '去选择账本',
  },
  bookSetting: {
    title: '账本设置', name: '账本名称', remark: '备注', noRemark: '未填写', icon: '图标', cover: '封面', namePlaceholder: '1-20 个字', remarkPlaceholder: '最多 100 个字',
    nameEmpty: '账本名称不能为空', law: '服务协议', currency: '本位币', creator: '创建者', saved: '已保存',
  },
  law: { title: '服务协议' },
  bindPhone: { title: '绑定手机', submit: '绑定', done: '绑定成功' },
  about: { title: '关于我们', webVersion: '网页版版本', appVersion: 'App 版本', intro: '共享云账本：家庭、朋友和小商户一起记账，数据实时同步，成员与角色清晰可控。' },
  update: {
    title: '升级到 App', web: '网页版版本', yourApp: '你的 App 版本', noApp: '未使用 App', latest: 'App 最新版本',
    inBrowser: '你正在使用网页版，下载 App 获得完整体验。', needed: '有新版本可用，建议升级。', upToDate: '当前已是最新版本。',
    body: '在 App 中可以使用语音记账、账单导入、离线记账和桌面小组件。', download: '下载 App', update: '升级 App',
  },
  loadingPage: { starting: '正在启动…', failed: '启动遇到问题，已跳过' },
};
/** Plural forms a language may add beside a text (`key_one`, `key_other`, ...), chosen by Intl.PluralRules. */
type PluralForms = { [key: `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`]: string };
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> } & PluralForms;
/** What every language provides: the Chinese texts' keys, each with a text, plus plural forms where the language needs them. */
export type Resources = Texts<typeof zhCN>;
