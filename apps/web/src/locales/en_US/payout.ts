/** The withdrawal feature; `menus` holds the names the server seeds as payout.menus.*. */
export default {
  menus: {
    withdrawals: 'Withdrawals',
    btnAudit: 'Review withdrawals',
    btnExport: 'Export withdrawals',
  },
  list: {
    empty: 'No withdrawals in this range',
  },
  summary: {
    pending: 'Waiting for review',
    paying: 'With the payment company',
    count: '{{count}} applications',
  },
  batch: {
    action: 'Review selected ({{count}})',
    title: 'Review {{count}} withdrawals',
    hint: '{{count}} withdrawals waiting for review, {{amount}} to pay out in all. Each is decided on its own; one decided meanwhile is reported, not paid twice.',
    approveConfirm: 'Pay out {{count}} withdrawals, {{amount}} in all?',
    someRefused: '{{decided}} decided, {{refused}} not',
  },
  audit: {
    action: 'Review',
    title: 'Review withdrawal {{applicationNo}}',
    hint: '{{party}} asks for {{amount}}: fee {{fee}}, paid out {{actual}}. Rejecting gives the amount back to the account.',
    decision: 'Decision',
    approve: 'Approve and pay out',
    reject: 'Reject',
    reason: 'Reason for rejecting',
    approveConfirm: 'Pay {{amount}} to {{name}} through the payment company?',
    approved: 'Approved: sent to the payment company',
    rejected: 'Rejected: the amount went back',
  },
  detail: {
    title: 'Withdrawal {{applicationNo}}',
    mode: 'Review',
    automatic: 'Automatic (within the automatic-mode limit)',
    reviewed: 'Reviewed by staff',
    balance: "Account's balance now",
    withdrawable: 'Withdrawable now',
    owed: 'Owed to the platform (taken from the next shares; no withdrawal until paid off)',
    history: 'History',
    system: 'System',
    company: 'Payment company',
  },
};
