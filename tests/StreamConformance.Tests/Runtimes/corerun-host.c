/*
 * A corerun for tests, because the package registry serves no corerun (docs/dependencies.md). It hosts CoreCLR the
 * way dotnet/runtime's src/coreclr/hosts/corerun does, through libcoreclr's hosting API (coreclrhost.h:
 * coreclr_initialize, coreclr_execute_assembly, coreclr_shutdown_2), with the same command line
 * (`corerun [-c CORE_ROOT] [-p key=value]... app.dll [args]`) and the same Core_Root lookup (-c, else CORE_ROOT,
 * else corerun's own folder). It passes the Core_Root's assemblies as TRUSTED_PLATFORM_ASSEMBLIES, as hostpolicy
 * does, where upstream hands the same list over its host contract.
 * Build: cc -O2 -o corerun corerun-host.c -ldl
 */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int (*init_fn)(const char*, const char*, int, const char**, const char**, void**, unsigned int*);
typedef int (*execute_fn)(void*, unsigned int, int, const char**, const char*, unsigned int*);
typedef int (*shutdown2_fn)(void*, unsigned int, int*);

static char* append(char* list, const char* dir, const char* name, char sep)
{
    size_t old = list ? strlen(list) : 0, add = strlen(dir) + strlen(name) + 2;
    list = realloc(list, old + add + 1);
    if (old == 0) list[0] = '\0';
    else { list[old] = sep; list[old + 1] = '\0'; }
    strcat(list, dir);
    strcat(list, name);
    return list;
}

static int has_suffix(const char* s, const char* suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

int main(int argc, char** argv)
{
    const char* clr_path = NULL;
    const char* keys[64];
    const char* values[64];
    int nprops = 0, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++)
    {
        const char* o = argv[i] + (argv[i][1] == '-' ? 2 : 1);
        if ((!strcmp(o, "c") || !strcmp(o, "clr-path")) && i + 1 < argc) clr_path = argv[++i];
        else if ((!strcmp(o, "p") || !strcmp(o, "property")) && i + 1 < argc && strchr(argv[i + 1], '=') && nprops < 60)
        {
            char* kv = strdup(argv[++i]);
            char* eq = strchr(kv, '=');
            *eq = '\0';
            keys[nprops] = kv;
            values[nprops++] = eq + 1;
        }
        else { fprintf(stderr, "Unknown option %s\n", argv[i]); return 1; }
    }
    if (i >= argc) { fprintf(stderr, "USAGE: corerun [-c CORE_ROOT] [-p key=value]... assembly [ARGUMENTS]\n"); return 1; }

    char app[PATH_MAX], exe[PATH_MAX], root[PATH_MAX], app_dir[PATH_MAX];
    if (!realpath(argv[i], app)) { fprintf(stderr, "corerun: %s not found\n", argv[i]); return 1; }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    const char* core_root = clr_path ? clr_path : getenv("CORE_ROOT");
    if (core_root && *core_root) snprintf(root, sizeof root, "%s", core_root);
    else { snprintf(root, sizeof root, "%s", exe); *strrchr(root, '/') = '\0'; }
    if (!has_suffix(root, "/")) strcat(root, "/");
    snprintf(app_dir, sizeof app_dir, "%s", app);
    strrchr(app_dir, '/')[1] = '\0';

    char* tpa = NULL;
    DIR* d = opendir(root);
    if (!d) { fprintf(stderr, "corerun: cannot open CORE_ROOT %s\n", root); return 1; }
    for (struct dirent* e; (e = readdir(d));)
        if (has_suffix(e->d_name, ".dll") || has_suffix(e->d_name, ".exe")) tpa = append(tpa, root, e->d_name, ':');
    closedir(d);

    char lib[PATH_MAX];
    snprintf(lib, sizeof lib, "%slibcoreclr.so", root);
    void* coreclr = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!coreclr) { fprintf(stderr, "corerun: %s\n", dlerror()); return 1; }
    init_fn init = (init_fn)dlsym(coreclr, "coreclr_initialize");
    execute_fn execute = (execute_fn)dlsym(coreclr, "coreclr_execute_assembly");
    shutdown2_fn shutdown2 = (shutdown2_fn)dlsym(coreclr, "coreclr_shutdown_2");
    if (!init || !execute || !shutdown2) { fprintf(stderr, "corerun: libcoreclr lacks the hosting exports\n"); return 1; }

    char* native = NULL;
    native = append(native, app_dir, "", ':');
    native = append(native, root, "", ':');
    keys[nprops] = "TRUSTED_PLATFORM_ASSEMBLIES"; values[nprops++] = tpa;
    keys[nprops] = "APP_PATHS"; values[nprops++] = app_dir;
    keys[nprops] = "NATIVE_DLL_SEARCH_DIRECTORIES"; values[nprops++] = native;

    void* host = NULL;
    unsigned int domain = 0;
    int hr = init(exe, "corerun", nprops, keys, values, &host, &domain);
    if (hr < 0) { fprintf(stderr, "coreclr_initialize failed - Error: 0x%08x\n", hr); return 255; }
    unsigned int exit_code = 0;
    hr = execute(host, domain, argc - i - 1, (const char**)argv + i + 1, app, &exit_code);
    if (hr < 0) { fprintf(stderr, "coreclr_execute_assembly failed - Error: 0x%08x\n", hr); return 255; }
    int latched = 0;
    hr = shutdown2(host, domain, &latched);
    return hr < 0 ? 255 : latched;
}
