import { ACTIVITY_KINDS, type Activity, type ActivityKind } from '@cab/contracts/client';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/index.ts';
import { activityText, hasSentence } from './activity.ts';

const MUM = { user_id: '2', nickname: '妈妈', avatar_url: '' };
const RED = { user_id: '7', nickname: '小红', avatar_url: '' };

/** A row of each kind as the server writes it (before, after) and names it (target, names). */
function row(kind: ActivityKind, over: Partial<Activity> = {}): Activity {
  const [entity, action] = kind.split('.') as [string, string];
  const base: Activity = {
    id: '1',
    user: MUM,
    action,
    entity,
    entity_id: '100',
    before: null,
    after: null,
    at: 0,
    target: null,
    names: {},
  };
  const record = { business_type: 'Expense', amount: '12.5', category_id: '31' };
  const names = { 'role:3': '记账员', 'role:4': '观察者', 'category:31': '餐饮' };
  const samples: Record<ActivityKind, Partial<Activity>> = {
    'transaction.create': { after: record, names },
    'transaction.import': { after: { count: 1000, ids: ['1'] } },
    'transaction.update': { before: record, after: { ...record, amount: '20' }, names },
    'transaction.delete': { before: record, names },
    'category.create': { after: { name: '零食' } },
    'category.update': { before: { name: '零食' }, after: { name: '点心' } },
    'categories.delete': { before: { name: '零食' } },
    'categories.sort': { after: { ids: ['1', '2'] } },
    'account.create': { after: { name: '现金' } },
    'account.update': { before: { name: '现金' }, after: { icon: 'cash' } },
    'accounts.delete': { before: { name: '现金' } },
    'accounts.sort': { after: { ids: ['1'] } },
    'member.create': { after: { name: '爷爷' } },
    'member.update': { before: { name: '爷爷' }, after: { name: '外公' } },
    'members.delete': { before: { name: '爷爷' } },
    'members.sort': { after: { ids: ['1'] } },
    'merchant.create': { after: { name: '超市' } },
    'merchant.update': { before: { name: '超市' }, after: { name: '菜场' } },
    'merchants.delete': { before: { name: '超市' } },
    'merchants.sort': { after: { ids: ['1'] } },
    'project.create': { after: { name: '装修' } },
    'project.update': { before: { name: '装修' }, after: { name: '旅行' } },
    'projects.delete': { before: { name: '装修' } },
    'projects.sort': { after: { ids: ['1'] } },
    // An add by phone names the masked number only (issue 25).
    'member.add': { entity_id: '0', target: null, after: { role_id: '3', phone: '139****0001' }, names },
    'member.join': { entity_id: RED.user_id, target: RED, after: { role_id: '3' }, names },
    'member.quit': { user: RED, entity_id: RED.user_id, target: RED },
    'member.remove': { entity_id: RED.user_id, target: RED, before: { role_id: '3', nickname: '小红' }, names },
    'member.role': { entity_id: RED.user_id, target: RED, before: { role_id: '4' }, after: { role_id: '3' }, names },
    'member.reject': { entity_id: RED.user_id, target: RED },
    'role.create': { after: { name: '会计', permissions: ['01'] } },
    'role.update': { before: { name: '会计', permissions: ['01'] }, after: { permissions: ['01', '02'] } },
    'role.delete': { before: { name: '会计', permissions: ['01'] } },
    'invitation.create': { after: { audit_type: 'NeedToBeReviewed', role_ids: ['3'], link_validity: 7 } },
    'invitation.revoke': {},
    'invite_setting.update': { before: { link_validity: 7 }, after: { link_validity: 30, audit_type: 'NoReviewRoleCode' } },
    'budget.create': { after: { subject_type: 'Category', subject_id: '31', amount: '500' }, names },
    'budget.update': { before: { amount: '500' }, after: { amount: '600' } },
    'budget.delete': { before: { subject_type: 'Book', subject_id: '0', amount: '3000' } },
    'budget.sum': { after: { subject_type: 'Book', subject_id: '0', amount: '800' } },
    'budget.extend': { after: { subject_type: 'Category', subject_id: '31', amount: '6000' }, names },
    'book.create': { after: { name: '家庭账本', template: 'family' } },
    'book.update': { before: { name: '家庭账本' }, after: { name: '新家' } },
    'book.delete': {},
    'book.restore': {},
  };
  return { ...base, ...samples[kind], ...over };
}

/** What each sentence must name besides the actor (its subject or object), in Chinese / English. */
const NAMED: Partial<Record<ActivityKind, [string, string]>> = {
  'transaction.create': ['12.50', '12.50'],
  'transaction.import': ['1000', '1000'],
  'transaction.update': ['20.00', '20.00'],
  'category.create': ['零食', '零食'],
  'category.update': ['点心', '点心'],
  'member.update': ['外公', '外公'],
  'member.add': ['139****0001', '139****0001'],
  'member.join': ['小红', '小红'],
  'member.remove': ['小红', '小红'],
  'member.role': ['观察者', '观察者'],
  'member.reject': ['小红', '小红'],
  'role.update': ['会计', '会计'],
  'budget.create': ['餐饮', '餐饮'],
  'budget.update': ['600.00', '600.00'],
  'book.update': ['新家', '新家'],
};

describe('the activity log’s sentences', () => {
  afterAll(() => loadLanguage('zh-CN'));

  it('has a sentence of its own for every kind the server writes, naming the actor, in both languages', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      await loadLanguage(lang);
      for (const kind of ACTIVITY_KINDS) {
        const a = row(kind);
        expect(hasSentence(a), kind).toBe(true);
        const text = activityText(a);
        expect(text, kind).toContain(a.user!.nickname);
        expect(text, kind).not.toMatch(/\{\{|undefined|null/);
        const named = NAMED[kind];
        if (named) expect(text, kind).toContain(named[lang === 'en' ? 1 : 0]);
      }
    }
  });

  it('says who joined and who let them in, and whose role became what', async () => {
    await loadLanguage('zh-CN');
    expect(activityText(row('member.join'))).toBe('妈妈同意小红加入账本，角色“记账员”');
    expect(activityText(row('member.join', { user: RED }))).toBe('小红以“记账员”的身份加入了账本');
    expect(activityText(row('member.role'))).toBe('妈妈把小红的角色从“观察者”改为“记账员”');
    expect(activityText(row('budget.create'))).toBe('妈妈为分类“餐饮”设置了预算 500.00');
    expect(activityText(row('transaction.create'))).toBe('妈妈记了一笔支出 12.50（餐饮）');
    expect(activityText(row('member.remove', { target: null }))).toBe('妈妈把小红移出了账本');
    expect(activityText(row('member.add'))).toBe('妈妈邀请139****0001以“记账员”的身份加入账本');
    // A row written before issue 25 named the user it asked.
    expect(activityText(row('member.add', { entity_id: RED.user_id, target: RED, after: { role_id: '3' } }))).toBe(
      '妈妈邀请小红以“记账员”的身份加入账本',
    );
    await loadLanguage('en');
    expect(activityText(row('member.join'))).toBe('妈妈 let 小红 into the book as 记账员');
    expect(activityText(row('member.role'))).toBe("妈妈 changed 小红's role from 观察者 to 记账员");
    expect(activityText(row('budget.delete'))).toBe('妈妈 deleted the budget for the whole book (3,000.00)');
  });

  it('falls back to a plain sentence, still naming the actor, only for a kind it does not know', async () => {
    await loadLanguage('zh-CN');
    const odd = row('book.delete', { entity: 'widget', action: 'frobnicate' });
    expect(hasSentence(odd)).toBe(false);
    expect(activityText(odd)).toBe('妈妈修改了账本内容');
  });
});
