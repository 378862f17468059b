import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { TIMINGS } from '@chat/contract';

const DOTS = 3;

/**
 * The send button's face while a send is in progress (being checked before it goes): three dots,
 * the lit one moving on every TIMINGS.sendIndicatorMs.
 */
export function SendingDots() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => (s + 1) % DOTS), TIMINGS.sendIndicatorMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="flex items-center gap-0.5" data-testid="sending-dots" data-step={step} aria-hidden>
      {Array.from({ length: DOTS }, (_, i) => (
        <span
          key={i}
          className={clsx(
            'size-1.5 rounded-full bg-current transition-opacity',
            i === step ? 'opacity-100' : 'opacity-30',
          )}
        />
      ))}
    </span>
  );
}
