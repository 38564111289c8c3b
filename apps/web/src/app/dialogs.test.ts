import { afterEach, describe, expect, it } from 'vitest';
import { closeDialogsNotOn, openDialogCount, registerDialog } from './dialogs.ts';

describe('dialogs close with their page', () => {
  afterEach(() => {
    closeDialogsNotOn('/nowhere');
    window.location.hash = '';
  });

  it('closes, on a change of page, the dialogs opened on another page and keeps the new page’s own', () => {
    const closed: string[] = [];
    window.location.hash = '#/messageCenter/list?x=1';
    registerDialog(() => closed.push('read-all'));
    window.location.hash = '#/pages/mine/index';
    const forget = registerDialog(() => closed.push('logout'));
    closeDialogsNotOn('/pages/mine/index');
    expect(closed).toEqual(['read-all']);
    expect(openDialogCount()).toBe(1);
    // A dialog answered by the user forgets itself and is not closed again.
    forget();
    closeDialogsNotOn('/somewhere');
    expect(closed).toEqual(['read-all']);
    expect(openDialogCount()).toBe(0);
  });
});
