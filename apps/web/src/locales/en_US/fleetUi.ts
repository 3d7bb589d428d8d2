export default {
  slots: {
    title: 'Slots',
    none: 'This cabinet has reported no slots yet',
    total: 'Slots: {{value}}',
    occupied: 'Power banks: {{value}}',
    free: 'Free: {{value}}',
    faulty: 'Faulty: {{value}}',
    charging: 'Charging: {{value}}',
    slotNo: 'Slot {{slot}}',
    empty: 'Empty',
    locked: 'locked',
    unlocked: 'unlocked',
    fault: 'fault: {{fault}}',
    chargingOne: 'charging',
  },
  fault: {
    motor: 'Motor fault',
    sensor: 'Sensor fault',
    lock: 'Lock fault',
    comm: 'Communication fault',
  },
};
