import { createElement } from 'react';
import { LIVE_TYPES, platformErrors, SESSION_END_CODES } from '@cbo/contract';
import { i18n } from './i18n';
import { feedback } from './feedback';
import { isClaimedByForm } from './form/form-claims';
import { closeLive, subscribeLive } from './live';
import { ApiError, onApiError } from './request';
import { getLang, getToken, removeToken } from './settings';

/**
 * What the user sees of a failed call, decided in one place:
 * - codes 100020-100023 end the session: one "logged out" confirm dialog at a time; confirming
 *   clears the token and reloads, which sends the user through the guard to /login;
 * - code -100: nothing; the screen that made the call handles the answer;
 * - a refusal about a field of the form that sent it: nothing here, the form shows it under the
 *   field (form/field-errors.ts);
 * - network failures and timeouts: "please do not operate frequently";
 * - every other code: its msg in red for 5 s, or the frequent-operation text when msg is empty.
 */
export const ERROR_TOAST_SECONDS = 5;

let sessionDialogOpen = false;

function frequentText(): string {
  return i18n.t('common:frequentOperation');
}

/** The logged-out dialog, shared by HTTP codes and the live channel's SESSION_ENDED. */
export function showSessionEnded(detail?: string): void {
  // A late answer that arrives after the user has signed out is not news to them.
  if (!getToken() || sessionDialogOpen) return;
  sessionDialogOpen = true;
  // The server will refuse this token from now on: a reconnecting socket would only spin.
  closeLive();
  feedback().modal.confirm({
    title: i18n.t('common:sessionEnded.title'),
    // Why the session ended (the server's words) first, then what the two buttons do.
    content: createElement(
      'div',
      null,
      detail ? createElement('p', { style: { margin: '0 0 8px' } }, detail) : null,
      createElement('p', { style: { margin: 0 } }, i18n.t('common:sessionEnded.content')),
    ),
    okText: i18n.t('common:sessionEnded.relogin'),
    cancelText: i18n.t('common:cancel'),
    onOk: () => {
      removeToken();
      window.location.reload();
    },
    afterClose: () => {
      sessionDialogOpen = false;
    },
  });
}

export function handleApiError(err: ApiError): void {
  if (err.kind === 'network') {
    feedback().message.error({ content: frequentText(), duration: ERROR_TOAST_SECONDS });
    return;
  }
  if (err.code === platformErrors.REJECTED.code) return;
  if (isClaimedByForm(err)) return;
  if (SESSION_END_CODES.includes(err.code)) {
    showSessionEnded(err.message);
    return;
  }
  feedback().message.error({ content: err.message || frequentText(), duration: ERROR_TOAST_SECONDS });
}

/** Installs the error behaviour on the request layer and the live channel; returns the undo. */
export function installErrorHandling(): () => void {
  const offApi = onApiError(handleApiError);
  // SESSION_ENDED carries the code that ended the session; its catalogue text says why.
  const offLive = subscribeLive<{ code?: number; msg?: string } | null>(LIVE_TYPES.sessionEnded, (data) => {
    // Session-ending codes are platform codes (SESSION_END_CODES); the domains' catalogues stay
    // out of the start-up bundle.
    const known = Object.values(platformErrors).find((e) => e.code === data?.code);
    showSessionEnded(data?.msg || known?.msg[getLang()]);
  });
  return () => {
    offApi();
    offLive();
  };
}

/** The text for an error the caller shows itself: its message, or 'Has Error'. */
export function errorText(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return i18n.t('common:hasError');
}
