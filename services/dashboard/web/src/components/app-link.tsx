import type { ComponentChildren, JSX } from "preact";
import { navigate } from "../router";

type AppLinkProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  children: ComponentChildren;
};

/**
 * A link to a page of the app: a real <a href> (open in a new tab, copy the address), followed
 * without a reload on a plain click.
 */
export function AppLink({ href, children, onClick, ...rest }: AppLinkProps) {
  const follow = (event: JSX.TargetedMouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
