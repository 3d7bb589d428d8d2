import './top-progress.css';

/**
 * A thin bar along the top edge while a screen or the session loads (the progress bar
 * has no spinner). It appears after a short delay so fast loads do not flash it.
 */
export function TopProgress() {
  return <div className="top-progress" role="progressbar" aria-busy="true" />;
}
