import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ADMIN_TEXTS } from '@chat/contract';
import '../../app/i18n';
import './texts';
import { DataTable } from './DataTable';
import { ApiError } from '../../api/http';

const auth = vi.hoisted(() => ({ isOperator: false }));
vi.mock('../auth', () => ({ useAuth: () => auth }));
vi.mock('../../hooks/useDocumentTitle', () => ({ useDocumentTitle: () => {} }));

afterEach(cleanup);

const table = (error: Error | null) =>
  render(
    <DataTable
      table="banned users"
      columns={[{ key: 'email', header: 'Email', cell: (r: { email: string }) => r.email }]}
      rows={[{ email: 'a@example.com' }]}
      loading={false}
      error={error}
      rowKey={(r) => r.email}
      testId="t"
    />,
  );

describe('the admin panel', () => {
  it('reads a table failure as "Error loading … data: {message}", Unknown error without one', () => {
    table(new ApiError(500, 'internal', 'Database unavailable'));
    expect(screen.getByTestId('t-error').textContent).toBe(
      'Error loading banned users data: Database unavailable',
    );
    cleanup();
    table(new Error(''));
    expect(screen.getByTestId('t-error').textContent).toBe(
      `Error loading banned users data: ${ADMIN_TEXTS.unknownError}`,
    );
    cleanup();
    table(null);
    expect(screen.getByTestId('t').textContent).toContain('a@example.com');
  });

  it("shows anyone but the operator the spec's Access Denied", async () => {
    const { default: AdminPage } = await import('./AdminPage');
    render(
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>,
    );
    // One sentence, heading and reason together, in the spec's words.
    const denied = screen.getByTestId('admin-access-denied');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(denied.contains(heading)).toBe(true);
    expect(heading.textContent).toBe(
      'Access Denied: You are not authorized to view this page. Please contact an administrator if you believe this is an error.',
    );
    expect(heading.textContent).toBe(ADMIN_TEXTS.accessDenied);
    expect(screen.queryByTestId('admin-page')).toBeNull();
  });
});
