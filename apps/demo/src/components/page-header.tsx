import type { ReactNode } from 'react';
import { useEffect } from 'react';

interface PageHeaderProps {
  title: string;
  children?: ReactNode;
}

/** The page's one h1 (focused by the shell after navigation) and its introduction. */
export function PageHeader({ title, children }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Northwind Pipeline`;
  }, [title]);
  return (
    <div className="nw-page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <div className="nw-page-header__intro">{children}</div>}
    </div>
  );
}
