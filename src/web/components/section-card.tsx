import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled card of a member's own pages (settings, profile): an icon, a title, an optional intro line. */
export function Section(props: {
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  /** Space between the title (or intro) and the body: the profile's fields want a little more. */
  bodyClassName?: string;
}) {
  const Icon = props.icon;
  return (
    <section aria-labelledby={props.id} className="rounded-3xl border border-line bg-white p-5 sm:p-7">
      <h2 id={props.id} className="flex items-center gap-2.5 text-xl font-bold">
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Icon aria-hidden size={20} />
        </span>
        {props.title}
      </h2>
      {props.intro && <p className="mt-2 text-muted">{props.intro}</p>}
      <div className={props.bodyClassName ?? 'mt-4'}>{props.children}</div>
    </section>
  );
}
