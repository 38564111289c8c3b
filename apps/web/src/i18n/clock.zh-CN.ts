/**
 * One clock per book (docs/statistics.md): the book's zone, named by its offset where it
 * is not the phone's, as the book settings write it ("（+8）").
 */
export const clockZhCN = {
  note: '时间按账本时区（{{offset}}）显示',
  zone: '账本时区（{{offset}}）',
};
