import { describe, expect, it } from 'vitest';
import { bookRefusals, useLeftBooks } from './book.ts';

describe('books refused and left', () => {
  it('keeps refusals heard before anyone listens, once per book, and hands them to the first listener', () => {
    bookRefusals.tell('7');
    bookRefusals.tell('8');
    bookRefusals.tell('7');
    const heard: string[] = [];
    const stop = bookRefusals.listen((id) => heard.push(id));
    expect(heard).toEqual(['8', '7']);
    bookRefusals.tell('9');
    expect(heard).toEqual(['8', '7', '9']);
    stop();
  });

  it('marks a book left and forgets it when it is opened again', () => {
    useLeftBooks.getState().markLeft('5');
    expect(useLeftBooks.getState().left).toEqual({ '5': true });
    useLeftBooks.getState().forget('5');
    expect(useLeftBooks.getState().left).toEqual({});
  });
});
