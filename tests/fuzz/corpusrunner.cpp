// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The fuzz targets' driver in the normal (CI) build, where libFuzzer is not linked: runs every
// file of the given corpus directories (or files) through LLVMFuzzerTestOneInput, then a
// fixed-seed pass of random mutations of them, so that CI replays every seed and every
// regression input and covers a little more on each run, in seconds.
//   fuzz_<name> [--mutations N] [--seed S] [--max-seconds T] DIR|FILE…
// A crash or an abort (a target's broken invariant) fails the run; the exit code is 0 otherwise.
// The real fuzzing is scripts/fuzz.sh (libFuzzer, ASan + UBSan).
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

Bytes readFile(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// What is running, for the crash message (written from a signal handler: a fixed buffer).
char g_current[512] = "nothing yet";

void onCrash(int sig)
{
    static const char kPrefix[] = "\ncorpusrunner: crashed on ";
    [[maybe_unused]] auto w1 = ::write(2, kPrefix, sizeof kPrefix - 1);
    [[maybe_unused]] auto w2 = ::write(2, g_current, std::strlen(g_current));
    [[maybe_unused]] auto w3 = ::write(2, "\n", 1);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

#define DESCRIBE(...) std::snprintf(g_current, sizeof g_current, __VA_ARGS__)

void runOne(const Bytes &input)
{
    // An exact-size heap copy, as libFuzzer passes it: a read past the end is out of bounds.
    auto *copy = new uint8_t[std::max<size_t>(input.size(), 1)];
    if (!input.empty())
        std::memcpy(copy, input.data(), input.size());
    LLVMFuzzerTestOneInput(copy, input.size());
    delete[] copy;
}

// Tokens that tend to matter to the parsers: JSON structure and edge values, varint edges.
const char *const kTokens[] = {
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1.5",
    "1e308",
    "9007199254740991",
    "9007199254740992",
    "-9007199254740993",
    "\\u0000",
    "\\ud800",
    "\\udc00\\ud800",
    "\\\"",
    "\xff",
    "\xc3",
    "\xed\xa0\x80",
    "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01",
    "\"id\":",
    "\"items\":[",
    "\"createTime\":",
    "\"rootId\":",
    "\"parentId\":",
    "\"data\":",
    "\"kind\":\"post\"",
    "\"op\":\"upsert\"",
    "\"geo\":{\"lat\":",
    "\"comments\":[",
};

void mutate(Bytes &b, const std::vector<Bytes> &corpus, std::mt19937_64 &rng)
{
    auto pick = [&rng](size_t n) { return n == 0 ? 0 : size_t(rng() % n); };
    const int rounds = 1 + int(rng() % 4);
    for (int r = 0; r < rounds; ++r) {
        switch (rng() % 9) {
        case 0: // flip a bit
            if (!b.empty())
                b[pick(b.size())] ^= uint8_t(1u << (rng() % 8));
            break;
        case 1: // a random byte
            if (!b.empty())
                b[pick(b.size())] = uint8_t(rng());
            break;
        case 2: // insert random bytes
            for (size_t i = 0, n = 1 + pick(4); i < n; ++i)
                b.insert(b.begin() + ptrdiff_t(pick(b.size() + 1)), uint8_t(rng()));
            break;
        case 3: { // delete a range
            if (b.empty())
                break;
            const size_t at = pick(b.size());
            const size_t n = std::min(b.size() - at, 1 + pick(16));
            b.erase(b.begin() + ptrdiff_t(at), b.begin() + ptrdiff_t(at + n));
            break;
        }
        case 4: // truncate
            b.resize(pick(b.size() + 1));
            break;
        case 5: { // duplicate a range
            if (b.empty())
                break;
            const size_t at = pick(b.size());
            const size_t n = std::min(b.size() - at, 1 + pick(64));
            const Bytes part(b.begin() + ptrdiff_t(at), b.begin() + ptrdiff_t(at + n));
            b.insert(b.begin() + ptrdiff_t(pick(b.size() + 1)), part.begin(), part.end());
            break;
        }
        case 6: { // splice another input's tail
            const Bytes &other = corpus[pick(corpus.size())];
            b.resize(pick(b.size() + 1));
            b.insert(b.end(), other.begin() + ptrdiff_t(pick(other.size() + 1)), other.end());
            break;
        }
        case 7: { // insert a token
            const char *t = kTokens[pick(std::size(kTokens))];
            b.insert(b.begin() + ptrdiff_t(pick(b.size() + 1)), t, t + std::strlen(t));
            break;
        }
        default: // the first byte (a selector for fuzz_jsoncodec, a tag for fuzz_cacheblob)
            if (!b.empty())
                b[0] = uint8_t(rng());
            break;
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    long mutations = 2000;
    unsigned long long seed = 20261201;
    double maxSeconds = 15;
    std::vector<std::filesystem::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--mutations" && i + 1 < argc) {
            mutations = std::strtol(argv[++i], nullptr, 10);
        } else if (a == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (a == "--max-seconds" && i + 1 < argc) {
            maxSeconds = std::strtod(argv[++i], nullptr);
        } else if (std::filesystem::is_directory(a)) {
            for (const auto &e : std::filesystem::directory_iterator(a))
                if (e.is_regular_file())
                    files.push_back(e.path());
        } else if (std::filesystem::is_regular_file(a)) {
            files.emplace_back(a);
        } else {
            std::fprintf(stderr, "%s: not a file or directory: %s\n", argv[0], a.c_str());
            return 2;
        }
    }
    std::sort(files.begin(), files.end()); // the same order, hence the same mutations, each run
    if (files.empty()) {
        std::fprintf(stderr, "%s: no corpus files given\n", argv[0]);
        return 2;
    }
    for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL})
        std::signal(sig, onCrash);
    const auto start = std::chrono::steady_clock::now();
    std::vector<Bytes> corpus;
    for (const auto &f : files) {
        corpus.push_back(readFile(f));
        DESCRIBE("%s (%zu bytes)", f.c_str(), corpus.back().size());
        runOne(corpus.back());
    }
    DESCRIBE("the empty input");
    runOne({}); // the empty input
    std::mt19937_64 rng(seed);
    long done = 0;
    for (; done < mutations; ++done) {
        const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
        if (spent.count() > maxSeconds)
            break;
        const size_t from = size_t(rng() % corpus.size());
        Bytes b = corpus[from];
        mutate(b, corpus, rng);
        DESCRIBE("mutation %ld (--seed %llu) of %s", done, seed, files[from].c_str());
        runOne(b);
    }
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    std::printf("%s: %zu corpus files and %ld mutations (seed %llu) in %.2f s, no crash\n", argv[0],
                files.size(), done, seed, spent.count());
    return 0;
}
