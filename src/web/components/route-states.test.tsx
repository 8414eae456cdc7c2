import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { ApiError } from '../../api/client';
import { Deferred, RouteError } from './route-states';
import { errorMessage } from './states';

afterEach(cleanup);

const timeout = () => new ApiError(504, 'query exceeded its time budget of 3000 ms', '/api/v3/traces?limit=1000');

describe('a 504 from the API', () => {
  it("is told as a query too heavy for the server's time budget, with the server's own words", () => {
    const m = errorMessage(timeout());
    expect(m.title).toBe("The query was too heavy for the server's time budget (504)");
    expect(m.detail).toContain('query exceeded its time budget of 3000 ms');
    expect(m.detail).toContain('Retry');
    // other server failures keep their own message
    expect(errorMessage(new ApiError(502, 'HTTP 502 Bad Gateway', '/x')).title).toBe('The API failed to answer (502)');
  });

  it("on any page (the router's shared error state) offers a Retry that runs the loader again", async () => {
    let calls = 0;
    const root = createRootRoute();
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      loader: () => {
        calls += 1;
        if (calls === 1) throw timeout();
        return 'ok';
      },
      component: () => <p>the page</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteError,
    });
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The query was too heavy for the server's time budget (504)");
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('a data area whose endpoint the API does not offer', () => {
  function Area({ status }: { status: number }) {
    useSuspenseQuery({
      queryKey: ['area', status],
      queryFn: (): Promise<never> => Promise.reject(new ApiError(status, 'no such endpoint', '/api/v3/jetton/wallets')),
      retry: false,
    });
    return <p>the list</p>;
  }
  function show(status: number) {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Deferred label="Loading" resetKey="k" offers={{ what: 'jetton wallets', endpoint: 'jetton/wallets' }}>
          <Area status={status} />
        </Deferred>
      </QueryClientProvider>,
    );
  }

  it('on a 404 says the API does not offer it, with no alert and no Retry', async () => {
    show(404);
    expect((await screen.findByTestId('unoffered')).textContent).toBe(
      'This API does not offer jetton wallets (it has no jetton/wallets: 404 Not Found).',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('on any other failure keeps the error and its Retry', async () => {
    show(502);
    expect((await screen.findByRole('alert')).textContent).toContain('The API failed to answer (502)');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
