/** 統計 → 營運報告；`menus` 為伺服器種子選單 report.menus.* 的名稱。 */
export default {
  menus: {
    report: '營運報告',
    btnExport: '下載營運報告',
  },
  pickFirst: '請選擇報告對應的{{kind}}。',
  preset: { lastWeek: '上週', lastMonth: '上月', custom: '自訂' },
  tooLong: '報告最長 366 天。',
  print: '列印',
  download: '下載 xlsx',
  downloaded: '已下載 {{name}}',
  outlets: '{{count}} 個網點',
  vsPrevious: '上期：{{value}}',
  noChange: '上期無數據',
  empty: '該期間沒有訂單',
  orderAxis: '訂單數',
  hint: '按訂單建立時間統計（與訂單列表相同日期和網點的結果一致），對比緊鄰的等長上一期間；按 {{zone}} 的日期劃分。資金數據來自帳本。',
};
