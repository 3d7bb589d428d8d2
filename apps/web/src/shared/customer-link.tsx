import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { joinMenuPath, type MenuEntry } from '@cbo/contract';
import { useSession } from './session';

/** The menu url of the customer screen (network feature, views/customer.tsx). */
export const CUSTOMER_VIEW_URL = 'network/customer';

/** The address of the screen of a view url in these menus (the account's own), or null when it is not among them. */
export function screenPathOf(menus: readonly MenuEntry[], url: string, parent = ''): string | null {
  for (const m of menus) {
    const path = joinMenuPath(parent, m.path);
    if (m.url?.trim().replace(/^\/+/, '') === url) return path;
    const inner = screenPathOf(m.children ?? [], url, path);
    if (inner) return inner;
  }
  return null;
}

/** The address of the customer screen in these menus (the account's own), or null when it is not among them. */
export function customerScreenPath(menus: readonly MenuEntry[]): string | null {
  return screenPathOf(menus, CUSTOMER_VIEW_URL);
}

/** The customer screen's address for one customer, or null when the account may not open it. */
export function useCustomerHref(): (userId: number) => string | null {
  const { menus } = useSession();
  const base = customerScreenPath(menus);
  return useCallback((userId: number) => (base ? `${base}?id=${userId}` : null), [base]);
}

/**
 * A customer where a screen names one (their phone, or what `children` says): a link to the
 * customer screen when the account may open it, the plain words otherwise.
 */
export function CustomerLink({ userId, children }: { userId: number | null | undefined; children: ReactNode }) {
  const href = useCustomerHref();
  const to = userId ? href(userId) : null;
  if (!to) return <>{children}</>;
  return (
    <Link to={to} className="customer-link" data-customer={userId}>
      {children}
    </Link>
  );
}
