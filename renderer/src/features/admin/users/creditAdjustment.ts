/** Why a credit adjustment cannot be applied yet (a key of admin:userDialog), or null. */
export function creditAdjustmentError(
  amountText: string,
  reason: string,
  balance: number,
): 'amountInvalid' | 'reasonRequired' | 'belowZero' | null {
  const amount = Number(amountText.trim());
  if (amountText.trim() === '' || !Number.isInteger(amount) || amount === 0) return 'amountInvalid';
  if (balance + amount < 0) return 'belowZero';
  if (reason.trim() === '') return 'reasonRequired';
  return null;
}
