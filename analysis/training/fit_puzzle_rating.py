# Fits the puzzle rating (analysis/puzzle/rating.cpp): a logistic model of "the player missed
# the answer" on the features of `reversi puzzle generate --json` output, trained on every source
# but WTH_2019, which is held out. Usage: python3 fit_puzzle_rating.py ALL.json [HELD_OUT.json]
# Prints the weights to copy into rating.cpp and the ten calibration bands of both sets.
import json, math, sys
names = ["sure_depth", "first_sight_loss", "rivals", "moves", "empties", "gap"]
def rows(path, keep):
    out = []
    for p in json.load(open(path)):
        if keep(p["source"]):
            out.append(([1.0] + [float(p["features"][n]) for n in names], 0.0 if p["player_found"] else 1.0, p))
    return out
def sig(z): return 1 / (1 + math.exp(-z))
def solve(A, b):
    n = len(b); M = [A[i][:] + [b[i]] for i in range(n)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(M[r][c])); M[c], M[piv] = M[piv], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                for k in range(c, n + 1): M[r][k] -= f * M[c][k]
    return [M[i][n] / M[i][i] for i in range(n)]
def fit(data, use, lam=1.0):
    k = len(data[0][0]); w = [0.0] * k
    for it in range(30):
        g = [0.0] * k; H = [[0.0] * k for _ in range(k)]
        for x, y, _ in data:
            p = sig(sum(w[i] * x[i] for i in range(k) if use[i]))
            for i in range(k):
                if not use[i]: continue
                g[i] += (p - y) * x[i]
                for j in range(k):
                    if use[j]: H[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(1, k): g[i] += lam * w[i]; H[i][i] += lam
        for i in range(k):
            if not use[i]: H[i] = [1.0 if j == i else 0.0 for j in range(k)]; g[i] = 0.0
        d = solve(H, g); w = [w[i] - d[i] for i in range(k)]
    return w
def rating(w, x): return min(99, max(1, round(100 * sig(sum(a * b for a, b in zip(w, x))))))
def bands(w, data, label):
    rs = sorted(((rating(w, x), y) for x, y, _ in data), key=lambda t: t[0])
    n = len(rs); print(label, n, "puzzles")
    shares = []
    for b in range(10):
        s = rs[n * b // 10: n * (b + 1) // 10]
        f = 100 * sum(1 - y for _, y in s) / len(s); shares.append(f)
        print("  %2d  %2d-%-2d  %4d  %3.0f%%" % (b + 1, s[0][0], s[-1][0], len(s), f))
    print("  fall", round(shares[0] - shares[-1]))
def loglik(w, data):
    return sum(math.log(sig(sum(a*b for a,b in zip(w,x))) if y else 1 - sig(sum(a*b for a,b in zip(w,x)))) for x,y,_ in data) / len(data)
train = rows(sys.argv[1], lambda s: "WTH_2019" not in s)
held = rows(sys.argv[2], lambda s: True) if len(sys.argv) > 2 else []
use = [True] * (1 + len(names))
w = fit(train, use)
print("weights", dict(zip(["bias"] + names, [round(v, 3) for v in w])))
print("train loglik", round(loglik(w, train), 4), "held", round(loglik(w, held), 4) if held else "")
bands(w, train, "train (1977-2000)")
if held: bands(w, held, "held out (2019)")
