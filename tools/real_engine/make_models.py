"""Make tiny random-weight models with a tokenizer trained on the spot; fully offline.

Run with the engine venv's python (needs torch, transformers, tokenizers, safetensors):

    python make_models.py OUT_DIR/tiny-llama --arch llama --shard-size 300KB
    python make_models.py OUT_DIR/tiny-qwen2 --arch qwen2 --shard-size 300KB
    python make_models.py OUT_DIR/tiny-qwen3 --arch qwen3 --shard-size 300KB
    python make_models.py OUT_DIR/tiny-llama-fp16-1f --dtype float16 --shard-size 0   # one model.safetensors

Nothing is downloaded. The tokenizer is a byte-level BPE trained on a small generated text, the
weights are random with a fixed seed, so the same arguments give the same files.
Defaults: 2 layers, hidden 128, 2 heads of dim 64 (1 KV head), vocab <= 1024,
max_position_embeddings 512, bfloat16: about 1.2 MB, in several safetensors shards.
"""
import argparse
import json
import os
import random

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
from transformers import PreTrainedTokenizerFast

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
SPECIAL = ["<|begin_of_text|>", "<|end_of_text|>", "<|im_start|>", "<|im_end|>", "<pad>"]
WORDS = (
    "the a an model server load weight cache token engine start ready graph compile memory "
    "device kernel layer head batch prompt reply hello world fast slow small large error warning "
    "info debug config init shard tensor parallel pipeline port route request response is was be "
    "to of and in on for with from by at as it this that one two three four five six seven eight"
).split()


def corpus(n_lines=3000, seed=0):
    rng = random.Random(seed)
    out = []
    for _ in range(n_lines):
        s = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 16)))
        out.append(s.capitalize() + rng.choice(".?!,"))
    out.append("0 1 2 3 4 5 6 7 8 9 10 100 1000 : ; - _ ( ) [ ] { } < > / \\ ' \" # @")
    return out


def build_tokenizer(vocab_size, max_len):
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(corpus(), trainer=trainer)
    bos = tok.token_to_id("<|begin_of_text|>")
    tok.post_processor = processors.TemplateProcessing(
        single="<|begin_of_text|> $A",
        pair="<|begin_of_text|> $A <|begin_of_text|> $B",
        special_tokens=[("<|begin_of_text|>", bos)],
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        bos_token="<|begin_of_text|>",
        eos_token="<|end_of_text|>",
        pad_token="<pad>",
        additional_special_tokens=["<|im_start|>", "<|im_end|>"],
        model_max_length=max_len,
    )
    fast.chat_template = CHAT_TEMPLATE
    return fast


def make(out_dir, arch="llama", shard_size="300KB", dtype="bfloat16", layers=2, hidden=128,
         heads=2, kv_heads=1, vocab=1024, max_pos=512, intermediate=None, seed=0):
    os.makedirs(out_dir, exist_ok=True)
    tokenizer = build_tokenizer(vocab, max_pos)
    n_vocab = len(tokenizer)
    common = dict(
        vocab_size=n_vocab,
        hidden_size=hidden,
        intermediate_size=intermediate or hidden * 2,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=kv_heads,
        max_position_embeddings=max_pos,
        rms_norm_eps=1e-5,
        rope_theta=10000.0,
        tie_word_embeddings=False,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    if arch == "llama":
        from transformers import LlamaConfig as Cfg, LlamaForCausalLM as Model
    elif arch == "qwen2":
        from transformers import Qwen2Config as Cfg, Qwen2ForCausalLM as Model
        common["max_window_layers"] = layers
        common["use_sliding_window"] = False
    elif arch == "qwen3":  # q/k RMS norms, no attention bias, head_dim given explicitly
        from transformers import Qwen3Config as Cfg, Qwen3ForCausalLM as Model
        common["head_dim"] = hidden // heads
        common["max_window_layers"] = layers
        common["use_sliding_window"] = False
    else:
        raise SystemExit(f"unknown --arch {arch}")
    torch.manual_seed(seed)
    model = Model(Cfg(**common)).to(getattr(torch, dtype))
    kw = {"max_shard_size": shard_size} if shard_size not in ("0", "", None) else {}
    model.save_pretrained(out_dir, **kw)
    model.generation_config.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)
    path = os.path.join(out_dir, "config.json")
    with open(path) as f:
        cfg = json.load(f)
    cfg.setdefault("torch_dtype", dtype)
    cfg.setdefault("dtype", dtype)
    with open(path, "w") as f:
        json.dump(cfg, f, indent=2)
    files = sorted(os.listdir(out_dir))
    total = sum(os.path.getsize(os.path.join(out_dir, x)) for x in files)
    return {"dir": out_dir, "arch": arch, "files": len(files), "bytes": total, "vocab": n_vocab}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--arch", default="llama", choices=["llama", "qwen2", "qwen3"])
    ap.add_argument("--shard-size", default="300KB", help='max_shard_size; "0" = one file')
    ap.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float16", "float32"])
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--intermediate", type=int, default=None)
    ap.add_argument("--heads", type=int, default=2)
    ap.add_argument("--kv-heads", type=int, default=1)
    ap.add_argument("--vocab", type=int, default=1024)
    ap.add_argument("--max-pos", type=int, default=512)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    info = make(a.out_dir, a.arch, a.shard_size, a.dtype, a.layers, a.hidden, a.heads,
                a.kv_heads, a.vocab, a.max_pos, a.intermediate, a.seed)
    print(json.dumps(info))


if __name__ == "__main__":
    main()
