export default {
  slots: {
    title: '倉位',
    none: '該機櫃尚未上報倉位',
    total: '倉位：{{value}}',
    occupied: '行動電源：{{value}}',
    free: '空閒：{{value}}',
    faulty: '故障：{{value}}',
    charging: '充電中：{{value}}',
    slotNo: '{{slot}} 號倉',
    empty: '空倉',
    locked: '已鎖',
    unlocked: '未鎖',
    fault: '故障：{{fault}}',
    chargingOne: '充電中',
  },
  fault: {
    motor: '馬達故障',
    sensor: '感測器故障',
    lock: '鎖故障',
    comm: '通訊故障',
  },
};
