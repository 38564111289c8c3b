import type { Book } from '@cab/contracts/client';
import { describe, expect, it } from 'vitest';
import { matchBooks } from './BookHits.tsx';

const book = (id: string, name: string, remark = '') => ({ id, name, remark }) as Book;

describe('books a keyword names', () => {
  it('matches the name or the remark, ignoring case and spaces around the keyword', () => {
    const books = [book('1', '家庭日常'), book('2', 'Trip', '2026 旅行'), book('3', '生意')];
    expect(matchBooks(books, ' 家庭 ').map((b) => b.id)).toEqual(['1']);
    expect(matchBooks(books, 'trip').map((b) => b.id)).toEqual(['2']);
    expect(matchBooks(books, '旅行').map((b) => b.id)).toEqual(['2']);
    expect(matchBooks(books, '   ')).toEqual([]);
  });
});
