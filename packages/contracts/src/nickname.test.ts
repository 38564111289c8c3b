import { describe, expect, it } from 'vitest';
import { messageText } from './message-texts.ts';
import { defaultNickname, shownNickname } from './nickname.ts';

describe('default nicknames', () => {
  it('are made in the language the user signed up in', () => {
    expect(defaultNickname('13800132222', 'zh-CN')).toBe('用户2222');
    expect(defaultNickname('13800132222', 'en')).toBe('User 2222');
  });

  it("read in the reader's language, whichever language made them", () => {
    expect(shownNickname('用户2222', 'en')).toBe('User 2222');
    expect(shownNickname('User 2222', 'zh-CN')).toBe('用户2222');
    expect(shownNickname('用户2222', 'zh-CN')).toBe('用户2222');
    expect(shownNickname('User 2222', 'en')).toBe('User 2222');
  });

  it('leave every other nickname as its owner wrote it', () => {
    for (const name of ['小明', '用户22', '用户22222', 'User2222', ' 用户2222', '我是用户2222', 'user 2222', 'User 22a2']) {
      expect(shownNickname(name, 'en')).toBe(name);
      expect(shownNickname(name, 'zh-CN')).toBe(name);
    }
  });

  it("read in the reader's language inside messages too", () => {
    expect(messageText('member.joined', { nickname: '用户2222', bookName: '家' }, 'en').body).toBe('User 2222 joined the book "家"');
    expect(messageText('member.joined', { nickname: 'User 2222', bookName: '家' }, 'zh-CN').body).toBe('用户2222加入了账本「家」');
    expect(messageText('invitation.received', { inviter: '用户2222', bookName: '家' }, 'en').body).toBe(
      'User 2222 invited you to join the book "家"',
    );
    expect(messageText('member.joined', { nickname: '小明', bookName: '家' }, 'en').body).toBe('小明 joined the book "家"');
  });
});
