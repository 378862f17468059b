import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../components/ui/Toast';
import { createQueryClient } from './query-client';
import { LanguageProvider, type LanguageChoice } from '../state/language';
import { ThemeProvider } from '../state/theme';
import { changeLanguage, resolveLanguage } from './i18n';

const applyLanguage = (choice: LanguageChoice) => changeLanguage(resolveLanguage(choice, navigator.language));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider apply={applyLanguage}>
        <ThemeProvider>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
