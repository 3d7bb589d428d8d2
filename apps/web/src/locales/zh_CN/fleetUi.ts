export default {
  slots: {
    title: '仓位',
    none: '该机柜尚未上报仓位',
    total: '仓位：{{value}}',
    occupied: '充电宝：{{value}}',
    free: '空闲：{{value}}',
    faulty: '故障：{{value}}',
    charging: '充电中：{{value}}',
    slotNo: '{{slot}} 号仓',
    empty: '空仓',
    locked: '已锁',
    unlocked: '未锁',
    fault: '故障：{{fault}}',
    chargingOne: '充电中',
  },
  fault: {
    motor: '电机故障',
    sensor: '传感器故障',
    lock: '锁故障',
    comm: '通信故障',
  },
};
