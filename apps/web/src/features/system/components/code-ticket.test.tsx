import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { api } from '@cbo/contract';
import { button, fakeServer, renderView, setupI18n } from '@/test/list-page';
import { SensitiveNotice, useCodeTicket } from './code-ticket';

beforeAll(async () => {
  await setupI18n('en_US');
});

/** A screen asking for a ticket, and where the router is now. */
function Harness() {
  const ticket = useCodeTicket();
  const { pathname, search } = useLocation();
  return (
    <>
      <button type="button" onClick={() => void ticket.run(async () => null).catch(() => undefined)}>
        Change pay settings
      </button>
      <output data-testid="at">{pathname + search}</output>
      {ticket.dialog}
    </>
  );
}

const sys = (codeMobile: string | null) => ({ storeUrl: null, codeMobile });
const user = (mobile: string | null) => ({
  userId: 1,
  userName: 'admin',
  nickName: 'Admin',
  img: null,
  roles: ['admin'],
  areaCode: mobile ? '86' : null,
  mobile,
  lastLoginIp: null,
  lastLoginTime: null,
});

describe('SMS code dialog', () => {
  it('with no mobile anywhere, says so before sending and links to the personal center mobile tab', async () => {
    const server = fakeServer({ [api.userInfo.path]: user(null), [api.configSys.path]: sys(null) });
    renderView(<Harness />, { path: '/system/config' });
    fireEvent.click(button(/Change pay settings/));
    expect(await screen.findByText('There is no mobile number to send the code to')).toBeTruthy();
    expect(button(/^Send code$/).disabled).toBe(true);
    fireEvent.click(button(/Bind a mobile in the personal center/));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/my/my?tab=mobile'));
    expect(server.to(api.configSendCode.path)).toHaveLength(0);
  });

  it('with a mobile on the account, offers the code as before', async () => {
    const server = fakeServer({
      [api.userInfo.path]: user('13800000000'),
      [api.configSys.path]: sys(null),
      [api.configSendCode.path]: { maskedMobile: '138****0000', expireSeconds: 300, resendSeconds: 60 },
    });
    renderView(<Harness />, { path: '/system/config' });
    fireEvent.click(button(/Change pay settings/));
    await waitFor(() => expect(server.to(api.userInfo.path)).toHaveLength(1));
    fireEvent.click(button(/^Send code$/));
    expect(await screen.findByText(/A code was sent to 138\*\*\*\*0000/)).toBeTruthy();
    expect(screen.queryByText('There is no mobile number to send the code to')).toBeNull();
  });
});

describe('the notice above sensitive settings', () => {
  it('tells a new administrator before the first change that a mobile must be bound, with the way there', async () => {
    fakeServer({ [api.userInfo.path]: user(null), [api.configSys.path]: sys(null) });
    renderView(
      <>
        <SensitiveNotice />
        <Where />
      </>,
      { path: '/system/config' },
    );
    expect(await screen.findByTestId('sensitive-no-mobile')).toBeTruthy();
    fireEvent.click(button(/Bind a mobile in the personal center/));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/my/my?tab=mobile'));
  });

  it('only says a code is asked once a mobile is there', async () => {
    fakeServer({ [api.userInfo.path]: user(null), [api.configSys.path]: sys('86-13800000000') });
    renderView(<SensitiveNotice />, { path: '/system/config' });
    expect(await screen.findByText('Saving these settings asks for an SMS code.')).toBeTruthy();
    expect(screen.queryByTestId('sensitive-no-mobile')).toBeNull();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="at">{pathname + search}</output>;
}
