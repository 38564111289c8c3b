/** Exporting a book's records (docs/exports.md): loaded with the export sheet's openers, not in the first load. */
export const exportsZhCN = {
  bookTitle: '导出账本',
  flowTitle: '导出流水',
  format: '文件格式',
  xlsx: 'Excel (xlsx)',
  xlsxHint: '在 Excel、WPS 中打开，一次最多 {{max}} 条',
  csv: 'CSV',
  csvHint: '通用的表格文本，条数不限',
  scope: '导出范围',
  scopeFilter: '当前筛选的流水',
  scopeBook: '整个账本',
  imagesNote: '图片以链接给出，只有账本成员登录后才能打开',
  start: '导出',
  busy: '正在导出…',
  received: '正在导出… 已下载 {{size}}',
  done: '已导出 {{name}}',
};
