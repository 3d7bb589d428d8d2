/** 統計功能（財務數據）；`menus` 為伺服器以 stats.menus.* 初始化的選單與按鈕名稱。 */
export default {
  menus: {
    group: '統計',
    financial: '財務數據',
    btnExport: '匯出財務數據',
    businessWidget: '數據分析：新增使用者與活躍機櫃',
    actionsWidget: '數據分析：待處理事項',
  },
  financial: {
    period: '時段',
    total: '合計',
    chart: '收入、退款與淨收入',
    table: '按時段',
    empty: '該時間範圍內無資金變動',
    hint: '按每筆分錄的記帳時間從帳本匯總；日、週（自週一起）、月按 {{zone}} 時區劃分。分潤為各方所得減去退款收回的部分。',
  },
};
