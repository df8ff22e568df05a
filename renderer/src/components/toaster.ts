import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { AppError } from '../errors/appError.ts';
import { createSingleToaster, type SingleToaster } from './toastPolicy.ts';
import { errorText } from '../errors/errorText.ts';

let toasterPromise: Promise<Toaster> | undefined;

/** The console's one Blueprint toaster, created on first use. */
function getToaster(): Promise<Toaster> {
  // maxToasts: 1 backs up the single-key policy should anything call Blueprint directly.
  toasterPromise ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 1 });
  return toasterPromise;
}

export const toaster: SingleToaster = createSingleToaster(getToaster);

/** Shows an AppError translated with `t` (mutations toast on error by default). */
export function toastError(error: AppError, t: TFunction): void {
  toaster.show({ intent: Intent.DANGER, icon: 'error', message: errorText(t, error) });
}

export function toastSuccess(message: string): void {
  toaster.show({ intent: Intent.SUCCESS, icon: 'tick', message });
}
