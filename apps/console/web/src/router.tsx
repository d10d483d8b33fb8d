import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';

const changed = new EventTarget();
const read = () => ({ path: location.pathname, search: location.search });

export function navigate(path: string, replace = false) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  changed.dispatchEvent(new Event('change'));
  window.scrollTo(0, 0);
}

/** The current path and query, re-rendering on navigation and back/forward. */
export function useLocation() {
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const update = () => setLoc(read());
    changed.addEventListener('change', update);
    window.addEventListener('popstate', update);
    return () => {
      changed.removeEventListener('change', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return loc;
}

/** An ordinary link (keyboard and middle-click work) that navigates without a reload. */
export function Link(props: { to: string; children: ReactNode; className?: string; current?: boolean }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(props.to);
  };
  return (
    <a
      href={props.to}
      onClick={onClick}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
    >
      {props.children}
    </a>
  );
}
