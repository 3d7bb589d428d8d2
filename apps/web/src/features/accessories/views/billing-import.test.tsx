import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@cbo/contract';
import { fakeServer, renderView, setupI18n } from '@/test/list-page';
import BillingImportView from './billing-import';

beforeAll(async () => {
  await setupI18n('en_US');
});

/** Issue 25: the picker offers only what the server reads (xlsx) and says so before the choice. */
describe('billing by Excel: the file picker', () => {
  it('offers .xlsx alone, says a legacy .xls must be saved as .xlsx, and sends nothing for a .xls', async () => {
    const server = fakeServer({ [api.billingImport.path]: { total: 0, successes: 0, failures: [] } });
    const { container } = renderView(<BillingImportView />);
    expect(
      await screen.findByText(
        'An .xlsx file (Excel 2007 or newer), at most 1 MB. A legacy .xls: open it and save it as .xlsx first.',
      ),
    ).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.xlsx');
    fireEvent.change(input, { target: { files: [new File(['x'], 'prices.xls')] } });
    expect(await screen.findByText('Only .xlsx files: save a legacy .xls as .xlsx first')).toBeTruthy();
    await waitFor(() => expect(server.to(api.billingImport.path)).toHaveLength(0));
  });
});
