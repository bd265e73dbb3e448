//! /system/post/add and /system/post/add/:id: a new post. Posts have no parent, so the id in the
//! path names a post to copy from: the form starts with its values, code left empty (codes are
//! unique).
import React from 'react';
import PostForm from './components/PostForm';

const PostAdd: React.FC = () => <PostForm mode="add" />;

export default PostAdd;
