import { useEffect, useId, useState } from 'react';
import { formatBytes, formatCount } from '#lib/numbers';
import type { BackupsStatus } from '../backups';
import { backupsStatus } from '../../../islands/shared/admin/admin-api';
import { CouldNotLoad } from '../../../islands/shared/admin/CouldNotLoad';
import { Time } from '../../../islands/shared/admin/Facts';

type Load = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; data: BackupsStatus };

const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;

function Backup({ backup }: { backup: BackupsStatus['backup'] }) {
  if (!backup) return <p className="text-slate-800">No backup yet: the first runs within the hour.</p>;
  if (!backup.keptUntil)
    return (
      <p className="text-slate-800">
        The first whole copy is under way ({plural(backup.firstCopy.blobs, 'file')} so far). Until it finishes, nothing
        can be restored.
      </p>
    );
  return (
    <>
      <p className="text-slate-800">
        Every change made before <Time iso={backup.keptUntil} /> is kept. A restore can bring the site back as it was at
        the end of any hour from <Time iso={backup.oldestPoint ?? backup.keptUntil} /> on.
      </p>
      {backup.last && (
        <p className="text-sm text-slate-700">
          Last backup with changes: <Time iso={backup.last.at} />, {plural(backup.last.copied, 'file')} copied (
          {formatBytes(backup.last.bytes)}){backup.last.gone > 0 && `, ${plural(backup.last.gone, 'deletion')}`}.
        </p>
      )}
    </>
  );
}

function Rehearsal({ rehearsal }: { rehearsal: BackupsStatus['rehearsal'] }) {
  if (!rehearsal) return <p className="text-sm text-slate-700">No restore rehearsal yet: one runs each day.</p>;
  if (!rehearsal.finishedAt)
    return (
      <p className="text-sm text-slate-700">
        A restore rehearsal of the site as it was at <Time iso={rehearsal.point} /> is under way.
      </p>
    );
  if (rehearsal.problems.length > 0)
    return (
      <div role="alert" className="text-sm text-red-800">
        <p className="font-semibold">
          The last restore rehearsal failed (<Time iso={rehearsal.finishedAt} />
          ): the backup would not bring the site back whole.
        </p>
        <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
          {rehearsal.problems.slice(0, 5).map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <p className="text-sm text-slate-700">
      Last restore rehearsal: <Time iso={rehearsal.finishedAt} />, {plural(rehearsal.blobs, 'file')} brought back as
      backed up, into scratch storage.
    </p>
  );
}

/** How far the hourly backups reach, and whether the last rehearsal of a restore brought everything back. */
export function BackupsSection() {
  const id = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void backupsStatus().then((result) => {
      if (current)
        setLoad(result.ok ? { status: 'ready', data: result.data } : { status: 'failed', error: result.error });
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        Backups
      </h3>
      {load.status === 'loading' && (
        <p role="status" className="text-slate-700">
          Loading the backups...
        </p>
      )}
      {load.status === 'failed' && (
        <CouldNotLoad
          what="The backups"
          error={load.error}
          onRetry={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {load.status === 'ready' && (
        <>
          <Backup backup={load.data.backup} />
          <Rehearsal rehearsal={load.data.rehearsal} />
          <p className="text-sm text-slate-700">
            The backups live beside the site. To keep a whole copy elsewhere, run{' '}
            <code className="[overflow-wrap:anywhere]">npm run backup:download -- site.jsonl.gz</code> (README,
            &lsquo;Backups and restore&rsquo;).
          </p>
        </>
      )}
    </section>
  );
}
