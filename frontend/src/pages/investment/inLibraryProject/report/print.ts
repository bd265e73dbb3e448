//! The sheet on paper: A4 landscape, only the title, the unit line and the table — the menus, the page
//! header, the filters and the buttons stay on screen. Rows keep their bands in print, and the header
//! repeats on every page.
export const PRINT_CSS = `
@page { size: A4 landscape; margin: 10mm; }
@media print {
  body { background: #fff !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .ant-layout-sider, .ant-layout-header, .ant-pro-layout-header, .ant-pro-global-header, .ant-pro-sider,
  .ant-pro-page-container-warp-page-header, .ant-page-header, .ant-pro-layout-bg-list, .ant-layout-footer,
  .ant-pro-global-footer, footer, .dispatch-sheet-no-print, .dispatch-sheet-paper .ant-card-head { display: none !important; }
  /* the room ProLayout keeps beside its fixed sider */
  div:has(+ .ant-layout-sider) { display: none !important; }
  .ant-layout, .ant-pro-layout-container, .ant-pro-layout-content, .ant-pro-page-container-children-container {
    margin: 0 !important; padding: 0 !important; background: #fff !important;
  }
  .dispatch-sheet-paper, .dispatch-sheet-paper .ant-card-body { border: none !important; box-shadow: none !important; padding: 0 !important; }
  .dispatch-sheet-paper .ant-table-content { overflow: visible !important; }
  .dispatch-sheet-paper table { width: 100% !important; min-width: 0 !important; table-layout: auto !important; font-size: 8pt; }
  .dispatch-sheet-paper th, .dispatch-sheet-paper td { padding: 2px 4px !important; border-color: #000 !important; }
  .dispatch-sheet-paper thead { display: table-header-group; }
  .dispatch-sheet-paper tr { page-break-inside: avoid; }
  .dispatch-sheet-heading h4 { font-size: 14pt !important; }
}
`;
