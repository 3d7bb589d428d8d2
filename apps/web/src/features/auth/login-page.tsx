import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
// Deep imports, not the 'antd' barrel: code reachable from the start-up path through a barrel is
// bundled with it, so the barrel would pull every component a later screen uses into /login.
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, type LoginRequest } from '@cbo/contract';
import { CLIENT_TYPE } from '@/shared/client-type';
import { LANG_LABELS } from '@/shared/lang-labels';
import { request } from '@/shared/request';
import { switchLanguage } from '@/shared/ui-locale';
import { getBrandName, getBrowserType, setBrandName, setBrowserType, setToken } from '@/shared/settings';
import './login-page.css';

type Mode = 'account' | 'mobile';
type Field = 'userName' | 'areaCode' | 'mobile' | 'password';
type Values = Record<Field, string>;

const FIELDS: Record<Mode, Field[]> = { account: ['userName', 'password'], mobile: ['areaCode', 'mobile', 'password'] };
/** The area code starts at +86, as in the personnel form (the business's home market). */
export const DEFAULT_AREA_CODE = '86';
const EMPTY: Values = { userName: '', areaCode: DEFAULT_AREA_CODE, mobile: '', password: '' };

/**
 * no sign-in rule beyond "required" is shown (the server trims the names with the
 * contract's schema). A password of spaces is a password; a user name of spaces is not.
 */
export function missingFields(mode: Mode, v: Values): Field[] {
  return FIELDS[mode].filter((f) => (f === 'password' ? v[f] === '' : v[f].trim() === ''));
}

/**
 * The sign-in screen: a user name, or an area code and mobile, and a password.
 * On success the token goes to the Authorization cookie, the returned browserType is kept, and
 * the brand name is fetched and stored for the page title. Failures are shown by the request
 * layer's one error handler (wrong password, locked, frozen all come with their message).
 *
 * A plain form rather than antd's Form: with three required fields it needs none of its
 * machinery, and leaving it out keeps the screen's start-up JS within its budget (200 KB over the wire, npm run bench).
 */
export default function LoginPage({ onSignedIn, brand: givenBrand }: { onSignedIn: () => void; brand?: string }) {
  const { t } = useTranslation('login');
  const [mode, setMode] = useState<Mode>('account');
  // Each way of signing in keeps its own fields: a password typed on one tab never travels to
  // the other (it belongs to the account it was typed for).
  const [byMode, setByMode] = useState<Record<Mode, Values>>({ account: EMPTY, mobile: EMPTY });
  const values = byMode[mode];
  const [missing, setMissing] = useState<Field[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [forgot, setForgot] = useState(false);
  const ownBrand = useLoginBrand(givenBrand === undefined);
  const brand = givenBrand || ownBrand || t('title');

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    setByMode((all) => ({ ...all, [mode]: { ...all[mode], [field]: e.target.value } }));
    setMissing((m) => m.filter((f) => f !== field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const empty = missingFields(mode, values);
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(`login-${empty[0]}`)?.focus();
      return;
    }
    const who: Pick<LoginRequest, 'userName' | 'areaCode' | 'mobile'> =
      mode === 'account' ? { userName: values.userName } : { areaCode: values.areaCode, mobile: values.mobile };
    setSubmitting(true);
    try {
      const data = await request('login', {
        body: { ...who, password: values.password, clientType: CLIENT_TYPE, browserType: getBrowserType() },
      });
      setToken(data.token);
      setBrowserType(data.browserType);
      // after login the brand name is fetched and kept as the page title. A failure
      // here must not block signing in; the old title stays.
      const brandName = await import('@/shared/public-param')
        .then((m) => m.fetchPublicParam('brandName'))
        .catch(() => null);
      if (brandName) setBrandName(brandName);
      onSignedIn();
    } catch {
      // The request layer has already shown why; the form stays as typed for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    id: `login-${name}`,
    value: values[name],
    onChange: change(name),
    status: missing.includes(name) ? ('error' as const) : undefined,
    'aria-invalid': missing.includes(name) || undefined,
    'aria-describedby': missing.includes(name) ? `login-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    missing.includes(name) ? (
      <div id={`login-${name}-error`} className="login-error" role="alert">
        {t(`required.${name}`)}
      </div>
    ) : null;

  return (
    <main className="login-page">
      <LanguageSwitch />
      <div className="login-card">
        <img className="login-logo" src="/logo.svg" alt="" />
        <h1 className="login-title">{brand}</h1>
        <Segmented<Mode>
          block
          value={mode}
          onChange={(m) => {
            setMode(m);
            setMissing([]);
          }}
          options={[
            { value: 'account', label: t('byAccount') },
            { value: 'mobile', label: t('byMobile') },
          ]}
          className="login-mode"
        />
        <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
          {mode === 'account' ? (
            <div className="login-field">
              <Input
                {...field('userName')}
                size="large"
                prefix={<UserOutlined />}
                placeholder={t('userName')}
                aria-label={t('userName')}
                autoComplete="username"
              />
              {error('userName')}
            </div>
          ) : (
            <div className="login-field">
              <Space.Compact block size="large">
                <Input
                  {...field('areaCode')}
                  prefix="+"
                  placeholder={t('areaCode')}
                  aria-label={t('areaCode')}
                  inputMode="numeric"
                  autoComplete="tel-country-code"
                  style={{ width: 110, flex: 'none' }}
                />
                <Input
                  {...field('mobile')}
                  prefix={<MobileOutlined />}
                  placeholder={t('mobile')}
                  aria-label={t('mobile')}
                  inputMode="tel"
                  autoComplete="tel-national"
                />
              </Space.Compact>
              {error('areaCode')}
              {error('mobile')}
            </div>
          )}
          <div className="login-field">
            <Input.Password
              {...field('password')}
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('password')}
              aria-label={t('password')}
              autoComplete="current-password"
            />
            {error('password')}
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('submit')}
          </Button>
          {/* No self-service reset: an administrator resets a staff password (docs/decisions/identity-and-access.md, "Forgotten passwords"). */}
          <div className="login-forgot">
            <Button type="link" size="small" onClick={() => setForgot((v) => !v)} aria-expanded={forgot}>
              {t('forgot')}
            </Button>
            {forgot && (
              <p className="login-forgot-how" role="note">
                {t('forgotHow')}
              </p>
            )}
          </div>
        </form>
      </div>
    </main>
  );
}

/**
 * The configured brand name for the sign-in screen: the one this browser last stored at once,
 * then the public parameter itself (fetched after the form shows, so the screen's first paint
 * stays within its budget; the call table it needs is the one the sign-in uses next anyway).
 * Stored again for the titles of the console. Empty until known.
 */
export function useLoginBrand(enabled = true): string {
  const [brand, setBrand] = useState(getBrandName);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // Once the browser is idle after showing the form: the call table this needs is not part of
    // what the screen needs to show (its start-up budget), only of what signing in needs next.
    const fetchBrand = () =>
      import('@/shared/public-param')
        .then((m) => m.fetchPublicParam('brandName', controller.signal))
        .then((name) => {
          if (!name) return;
          setBrandName(name);
          setBrand(name);
        })
        .catch(() => undefined); // decoration: the stored or generic title stays
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(() => void fetchBrand(), { timeout: 2000 })
      : window.setTimeout(() => void fetchBrand(), 300);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      controller.abort();
    };
  }, [enabled]);
  return brand;
}

/**
 * The login screen's language picker: the three languages side by side, each in its own
 * script, one click away (a dropdown would add a menu library to this screen's bundle).
 */
function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <nav className="login-lang" aria-label={t('language')}>
      {LANGS.map((lang: Lang) => (
        <button
          key={lang}
          type="button"
          lang={lang.replace('_', '-')}
          className={`login-lang-option${i18n.language === lang ? ' is-current' : ''}`}
          aria-current={i18n.language === lang ? 'true' : undefined}
          onClick={() => void switchLanguage(lang)}
        >
          {LANG_LABELS[lang]}
        </button>
      ))}
    </nav>
  );
}
