import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from '@/shared/error-boundary';

/**
 * The export-download list of the top bar belongs to the export feature. It is found
 * through a glob so the shell builds and runs whether or not that feature is present, and a
 * failure inside it never takes the top bar down.
 */
const found = import.meta.glob<{ default: ComponentType }>('../../features/export/components/export-menu.tsx');
const load = Object.values(found)[0];
const ExportMenu = load ? lazy(load) : null;

export function ExportSlot() {
  if (!ExportMenu) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ExportMenu />
      </Suspense>
    </ErrorBoundary>
  );
}
