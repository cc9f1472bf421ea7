import json, subprocess, sys, concurrent.futures as cf
L = sys.argv[1]
d = json.load(open('/work/wt-fix19/tests/polybench/outcomes.json'))
def run(item):
    name, outs = item
    res = []
    for t, want in outs.items():
        p = subprocess.run(['nice', L, 'run', f'/work/wt-fix19/tests/polybench/{name}.json', '--check', '--target', t], capture_output=True, text=True, timeout=300)
        last = [l for l in (p.stdout + p.stderr).splitlines() if not l.startswith('warning')]
        last = last[-1] if last else ''
        ok_pass = 'check passed' in last
        if want == 'passes':
            good = ok_pass
        else:
            frag = want[len('refused: '):] if want.startswith('refused: ') else want
            good = (not ok_pass) and ('FAILED' not in last) and (frag[:60] in (p.stdout + p.stderr))
        if not good: res.append(f'{name} {t}: want {want[:100]} got {last[:300]}')
    return res
with cf.ThreadPoolExecutor(2) as ex:
    for r in ex.map(run, d.items()):
        for line in r: print(line, flush=True)
print('done')
