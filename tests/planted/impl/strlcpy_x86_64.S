/* SPDX-License-Identifier: MIT */
/*
 * size_t strlcpy_x86_64(char *dest, const char *src, size_t size), in x86-64
 * assembly (System V ABI: dest in %rdi, src in %rsi, size in %rdx): copies
 * at most size - 1 bytes of src and a NUL when size > 0, returns strlen(src).
 * scripts/check-impl.sh's tests check it as this file, as an object and as a
 * shared object.  A file that defines FIRST_BLOCK_PEEK before including this
 * one plants that instruction at the entry (strlcpy_x86_64_over_read.S).
 */
	.text
	.globl	strlcpy_x86_64
	.type	strlcpy_x86_64, @function
strlcpy_x86_64:
#ifdef FIRST_BLOCK_PEEK
	FIRST_BLOCK_PEEK
#endif
	xorl	%eax, %eax		/* %rax: bytes of src seen */
	testq	%rdx, %rdx
	jz	.Lmeasure		/* size 0: nowhere to write */
	decq	%rdx			/* room for bytes before the NUL */
.Lcopy:
	cmpq	%rdx, %rax
	je	.Lterminate
	movzbl	(%rsi,%rax), %ecx
	movb	%cl, (%rdi,%rax)
	testb	%cl, %cl
	jz	.Ldone			/* the NUL copied: %rax is strlen(src) */
	incq	%rax
	jmp	.Lcopy
.Lterminate:
	movb	$0, (%rdi,%rax)
.Lmeasure:
	cmpb	$0, (%rsi,%rax)
	je	.Ldone
	incq	%rax
	jmp	.Lmeasure
.Ldone:
	ret
	.size	strlcpy_x86_64, .-strlcpy_x86_64
	.section .note.GNU-stack, "", @progbits
