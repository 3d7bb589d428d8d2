#!/usr/bin/env python3
"""Append a merged branch's drizzle migrations after main's, renumbered, then make the last
snapshot describe the combined schema.

Usage (in /work/main, during or after `git merge --no-commit <branch>`):
  python3 scripts/dev/merge-migrations.py <branch>
Main's drizzle folder must be main's version (git checkout --ours / HEAD) before running.
"""
import json, os, re, subprocess, sys, shutil

branch = sys.argv[1]
D = 'apps/server/drizzle'
def git(*a):
    return subprocess.run(['git', *a], capture_output=True, text=True, check=True).stdout

# main's state (HEAD)
for f in ['meta/_journal.json']:
    subprocess.run(['git', 'checkout', 'HEAD', '--', f'{D}/{f}'], check=True)
journal = json.load(open(f'{D}/meta/_journal.json'))
main_tags = [e['tag'] for e in journal['entries']]
# remove any branch files git put in the tree
base = git('merge-base', 'HEAD', branch).strip()
bj = json.loads(git('show', f'{branch}:{D}/meta/_journal.json'))
basej = json.loads(git('show', f'{base}:{D}/meta/_journal.json'))
base_tags = {e['tag'] for e in basej['entries']}
new = [e for e in bj['entries'] if e['tag'] not in base_tags]
for e in new:
    for p in [f"{D}/{e['tag']}.sql", f"{D}/meta/{e['tag'][:4]}_snapshot.json"]:
        # restore main's version if main has it, else remove
        r = subprocess.run(['git', 'cat-file', '-e', f'HEAD:{p}'], capture_output=True)
        if r.returncode == 0:
            subprocess.run(['git', 'checkout', 'HEAD', '--', p], check=True)
        elif os.path.exists(p):
            subprocess.run(['git', 'rm', '-q', '--cached', '--ignore-unmatch', p])
            os.remove(p)

last = journal['entries'][-1]
prev_snap = json.load(open(f"{D}/meta/{last['tag'][:4]}_snapshot.json"))
prev_id = prev_snap['id']
idx = last['idx']
when = last['when']
for e in new:
    # the migrator applies what is newer than the last applied entry: keep 'when' increasing
    when = max(when + 1, e['when'])
    idx += 1
    num = f'{idx:04d}'
    name = e['tag'][5:]
    tag = f'{num}_{name}'
    sql = git('show', f"{branch}:{D}/{e['tag']}.sql")
    open(f'{D}/{tag}.sql', 'w').write(sql)
    snap = json.loads(git('show', f"{branch}:{D}/meta/{e['tag'][:4]}_snapshot.json"))
    snap['prevId'] = prev_id
    prev_id = snap['id']
    json.dump(snap, open(f'{D}/meta/{num}_snapshot.json', 'w'), indent=2)
    journal['entries'].append({**e, 'idx': idx, 'tag': tag, 'when': when})
    print('appended', tag)
json.dump(journal, open(f'{D}/meta/_journal.json', 'w'), indent=2)

# make the last snapshot the combined schema
out = subprocess.run(['npx', 'drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts', '--name', 'zz_combined'], capture_output=True, text=True)
print(out.stdout[-800:], out.stderr[-800:])
j2 = json.load(open(f'{D}/meta/_journal.json'))
if len(j2['entries']) > len(journal['entries']):
    extra = j2['entries'][-1]
    num = extra['tag'][:4]
    combined = json.load(open(f'{D}/meta/{num}_snapshot.json'))
    lastnum = journal['entries'][-1]['tag'][:4]
    lastsnap = json.load(open(f'{D}/meta/{lastnum}_snapshot.json'))
    combined['id'] = lastsnap['id']; combined['prevId'] = lastsnap['prevId']
    json.dump(combined, open(f'{D}/meta/{lastnum}_snapshot.json', 'w'), indent=2)
    print('dropped generated diff (already applied by earlier migrations):')
    print(open(f"{D}/{extra['tag']}.sql").read()[:3000])
    os.remove(f"{D}/{extra['tag']}.sql"); os.remove(f'{D}/meta/{num}_snapshot.json')
    json.dump(journal, open(f'{D}/meta/_journal.json', 'w'), indent=2)
out = subprocess.run(['npx', 'drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts', '--name', 'zz_check'], capture_output=True, text=True)
print('check:', out.stdout[-300:])
