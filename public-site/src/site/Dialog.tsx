import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: focus is trapped and Escape closes it for free. A click on the
 * backdrop (the dialog element itself, outside its content box) closes it too.
 */
export function Dialog({
  label,
  onClose,
  className,
  children,
  testId,
}: {
  label: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}
