/** The book settings' way to an export (docs/exports.md): loaded with that page alone. */
export const exportBookZhCN = {
  row: '导出账本',
};
