import type { BrandingForm } from '../brandingModel.ts';

/** A change to part of the form, or one computed from the latest form (for late async results). */
export type BrandingPatch = Partial<BrandingForm> | ((form: BrandingForm) => Partial<BrandingForm>);

/** What every editor tab receives: the whole form and a way to change part of it. */
export interface TabProps {
  form: BrandingForm;
  onChange: (patch: BrandingPatch) => void;
}
