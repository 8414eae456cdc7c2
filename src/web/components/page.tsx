import type { ButtonHTMLAttributes, ReactNode } from 'react';

// The pieces every page is built from, so that pages share one look: a page's column, its header
// and title, its sections, and its plain buttons. Muted text is the `text-muted` utility
// (styles.css), usable on any element.

/** A page's column: its header, then its sections, evenly spaced. */
export function Page({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`space-y-4 ${className}`}>{children}</div>;
}

/** The page's title (its one h1) and the lines under it. */
export function PageHeader({
  title,
  titleId,
  titleClassName = '',
  children,
}: {
  title: ReactNode;
  titleId?: string;
  titleClassName?: string;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-1">
      <PageTitle id={titleId} className={titleClassName}>
        {title}
      </PageTitle>
      {children}
    </header>
  );
}

export function PageTitle({ id, className = '', children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <h1 id={id} className={`text-xl font-semibold ${className}`}>
      {children}
    </h1>
  );
}

/** A titled part of a page, labelled by its h2 for assistive technology. */
export function Section({
  id,
  title,
  className,
  children,
}: {
  /** The h2's id, which labels the section. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-1 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A plain bordered button (the pages' secondary actions: exports, paging, retry). */
export function Button({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 ${className}`}
      {...props}
    />
  );
}
