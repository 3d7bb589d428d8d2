import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage } from '@/shared/i18n';
import { setupI18n, setViewportWidth } from '@/test/list-page';
import { CabinetSlots, batteryLevel, fillSlots, summarizeSlots, type SlotView } from './cabinet-slots';

const slots: SlotView[] = [
  { slot: 1, powerBankId: 'PBNK0000000000001', battery: 87, locked: true, fault: null, charging: true },
  { slot: 2, powerBankId: null, battery: null, locked: true, fault: null, charging: false },
  { slot: 3, powerBankId: 'PBNK0000000000003', battery: 12, locked: false, fault: 'motor', charging: false },
  { slot: 5, powerBankId: 'PBNK0000000000005', battery: 45, locked: true, fault: null, charging: false },
];

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('slot helpers', () => {
  it('bands battery: under 20 critical, under 60 low, else good; none is unknown', () => {
    expect(batteryLevel(0)).toBe('critical');
    expect(batteryLevel(19)).toBe('critical');
    expect(batteryLevel(20)).toBe('low');
    expect(batteryLevel(59)).toBe('low');
    expect(batteryLevel(60)).toBe('good');
    expect(batteryLevel(100)).toBe('good');
    expect(batteryLevel(null)).toBe('unknown');
  });

  it('fills the slots the inventory left out as empty, up to the registered count', () => {
    const filled = fillSlots(slots, 6);
    expect(filled.map((s) => s.slot)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filled[3]).toMatchObject({ slot: 4, powerBankId: null });
    expect(filled[5]).toMatchObject({ slot: 6, powerBankId: null });
    // A report of more slots than registered still shows every reported slot.
    expect(fillSlots(slots, 2)).toHaveLength(5);
  });

  it('counts occupied, free, faulty and charging slots', () => {
    expect(summarizeSlots(slots, 6)).toEqual({ total: 6, occupied: 3, free: 3, faulty: 1, charging: 1 });
  });
});

describe('cabinet slot picture', () => {
  it('shows each slot with its power bank, battery, lock, fault and charging', () => {
    render(<CabinetSlots slots={slots} slotCount={6} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]!.getAttribute('aria-label')).toBe('Slot 1, PBNK0000000000001, 87%, locked, charging');
    expect(items[1]!.getAttribute('aria-label')).toBe('Slot 2, Empty, locked');
    expect(items[1]!.className).toContain('is-empty');
    expect(items[2]!.getAttribute('aria-label')).toBe('Slot 3, PBNK0000000000003, 12%, unlocked, fault: Motor fault');
    expect(items[2]!.textContent).toContain('Motor fault');
    expect(items[0]!.querySelector('[data-level]')!.getAttribute('data-level')).toBe('good');
    expect(items[2]!.querySelector('[data-level]')!.getAttribute('data-level')).toBe('critical');
    expect(items[4]!.querySelector('[data-level]')!.getAttribute('data-level')).toBe('low');
    expect((items[4]!.querySelector('[data-level]') as HTMLElement).style.width).toBe('45%');
    expect(screen.getByTestId('slot-summary').textContent).toContain('Slots: 6');
    expect(screen.getByTestId('slot-summary').textContent).toContain('Free: 3');
    expect(screen.getByTestId('slot-summary').textContent).toContain('Faulty: 1');
  });

  it('says so when a cabinet has reported no slots', () => {
    render(<CabinetSlots slots={[]} />);
    expect(screen.getByText('This cabinet has reported no slots yet')).toBeTruthy();
  });

  it('lets a slot be picked when asked, and marks the picked one', () => {
    const onSlotClick = vi.fn();
    const { rerender } = render(<CabinetSlots slots={slots} slotCount={6} onSlotClick={onSlotClick} />);
    fireEvent.click(screen.getByRole('listitem', { name: /^Slot 3,/ }));
    expect(onSlotClick).toHaveBeenCalledWith(slots[2]);
    rerender(<CabinetSlots slots={slots} slotCount={6} onSlotClick={onSlotClick} selectedSlot={3} />);
    expect(screen.getByRole('listitem', { name: /^Slot 3,/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('speaks the console language', async () => {
    await changeLanguage('zh_CN');
    render(<CabinetSlots slots={slots} slotCount={6} />);
    expect(screen.getAllByRole('listitem')[1]!.getAttribute('aria-label')).toBe('2 号仓, 空仓, 已锁');
  });
});
