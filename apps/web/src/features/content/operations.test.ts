import { describe, expect, it } from 'vitest';
import { mergeFlow, operationLink, operationText } from './operations.ts';
import { operation, summary } from './test-fixtures.ts';

const ids = (items: ReturnType<typeof mergeFlow>) => items.map((i) => (i.kind === 'content' ? i.content.id : i.operation.code));

describe('the info flow with operation cards', () => {
  const contents = ['1', '2', '3', '4'].map((id) => summary(id));

  it('puts each card at its position in the merged list, in position order', () => {
    expect(ids(mergeFlow(contents, [operation('b', 3), operation('a', 0)], false))).toEqual(['a', '1', '2', 'b', '3', '4']);
  });

  it('leaves out a card that is not on show', () => {
    expect(ids(mergeFlow(contents, [operation('a', 1, { show: false })], false))).toEqual(['1', '2', '3', '4']);
  });

  it('keeps a card past the loaded contents for the next page, and puts it last once the flow has ended', () => {
    expect(ids(mergeFlow(contents.slice(0, 2), [operation('far', 5)], true))).toEqual(['1', '2']);
    expect(ids(mergeFlow(contents.slice(0, 2), [operation('far', 5)], false))).toEqual(['1', '2', 'far']);
    expect(ids(mergeFlow([], [operation('a', 0)], false))).toEqual(['a']);
  });
});

describe('operation links', () => {
  it('opens page routes inside the app and https addresses outside; nothing else', () => {
    expect(operationLink('pages/market/index')).toEqual({ kind: 'route', to: '/pages/market/index' });
    expect(operationLink('/pages/market/detail?id=3')).toEqual({ kind: 'route', to: '/pages/market/detail?id=3' });
    expect(operationLink('https://example.com/a?b=1')).toEqual({ kind: 'url', href: 'https://example.com/a?b=1' });
    expect(operationLink('http://example.com')).toBeUndefined();
    expect(operationLink('javascript:alert(1)')).toBeUndefined();
    expect(operationLink('pages/nowhere/index')).toBeUndefined();
    expect(operationLink('')).toBeUndefined();
  });

  it('speaks English from the style items, and Chinese otherwise', () => {
    const o = operation('a', 0, { style_items: [{ key: 'title_en', value: 'Hello' }] });
    expect(operationText(o, 'en')).toEqual({ title: 'Hello', text: '说明a' });
    expect(operationText(o, 'zh-CN')).toEqual({ title: '运营a', text: '说明a' });
  });
});
