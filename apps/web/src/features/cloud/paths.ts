/** Where a space purchase starts, is bought again after a failure, and ends once paid. */
export const spacePaths = (bookId: string) => ({
  index: `/cloud/index?bookId=${encodeURIComponent(bookId)}`,
  retry: (comboId: string) => `/cloud/index?bookId=${encodeURIComponent(bookId)}&buy=${encodeURIComponent(comboId)}`,
  result: (orderNo: string) => `/cloud/pages/result?order_no=${encodeURIComponent(orderNo)}&bookId=${encodeURIComponent(bookId)}`,
});
