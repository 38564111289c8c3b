/** One clock per book (docs/statistics.md): the book's zone, named where it is not the phone's. */
export const clockZhCN = {
  note: '时间按账本时区 {{zone}} 显示',
  zone: '账本时区 {{zone}}',
};
