import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { TIMINGS } from '@chat/contract';

type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  message: string;
  severity?: ToastSeverity;
  /** Milliseconds before it disappears (default TIMINGS.toastDurationMs). */
  duration?: number;
}

interface ToastItem extends Required<ToastOptions> {
  id: number;
}

export interface ToastApi {
  show: (options: ToastOptions) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const icons = {
  info: Info,
  success: CheckCircle2,
  warning: AlertTriangle,
  error: XCircle,
} as const;

const iconColor: Record<ToastSeverity, string> = {
  info: 'text-text-secondary',
  success: 'text-ring-primary',
  warning: 'text-text-danger',
  error: 'text-text-danger',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((x) => x.id !== id)), []);

  const show = useCallback((o: ToastOptions) => {
    const item: ToastItem = {
      id: nextId.current++,
      message: o.message,
      // A toast reports something done unless it says otherwise.
      severity: o.severity ?? 'success',
      duration: o.duration ?? TIMINGS.toastDurationMs,
    };
    // Same message already visible: replace it instead of stacking duplicates.
    setToasts((ts) => [...ts.filter((x) => x.message !== item.message), item].slice(-3));
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="false"
        className="pointer-events-none fixed inset-x-0 top-16 z-[100] flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** A toast comes in TIMINGS.toastDelayMs after it is asked for, hidden until then. */
const APPEAR = { animationDelay: `${TIMINGS.toastDelayMs}ms`, animationFillMode: 'both' } as const;

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const Icon = icons[toast.severity];
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);
  return (
    <div
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-severity={toast.severity}
      style={APPEAR}
      className={clsx(
        'pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-border-medium',
        'bg-surface-primary px-4 py-3 text-sm text-text-primary shadow-lg animate-[toast-in_150ms_ease-out]',
      )}
    >
      <Icon className={clsx('mt-0.5 size-4 shrink-0', iconColor[toast.severity])} aria-hidden />
      <span className="min-w-0 flex-1 break-words">{toast.message}</span>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label={t('com_ui_close')}
        className="-me-1 rounded p-0.5 text-text-tertiary hover:text-text-primary"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** `useToast().show({ message, severity, duration })`. Must be used under <ToastProvider>. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used within <ToastProvider>');
  return ctx;
}
